/** The reports area (issue 25): the dashboard and the traffic reports, counted from the log store. */
export { reportRoutes } from './routes.js';
export { reportSchemas } from './schemas.js';
export { MAP_ROWS, readReportWindow, requireReports, type ReportWindow } from './window.js';
export { bucketStarts, STORE_BUCKET } from './aggregate.js';
