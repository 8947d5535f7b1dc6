/** The bot reports (issue 25; rules §6 bot analytics): known and unknown bots counted from the log store. */
export { botReportRoutes } from './routes.js';
export { botReportSchemas } from './schemas.js';
