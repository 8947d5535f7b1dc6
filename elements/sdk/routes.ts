/** The host routes the SDK pages link to (demo/host/routes.ts, area taichi-app: the spec gives labels only). */
export const SDK_ROUTES = {
  businesses: 'taichi-app-businessList',
  business: 'taichi-app-businessList-detail-id',
} as const;
