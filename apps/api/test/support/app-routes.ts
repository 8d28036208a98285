import type { NestExpressApplication } from '@nestjs/platform-express';

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * Every endpoint the app's router serves, as "METHOD /path" with each parameter written
 * {} (so /api/leads/:id and /api/leads/{leadId} compare equal). Wildcard mounts are the
 * middleware Nest applies to all routes, not endpoints.
 */
export function routesOf(app: NestExpressApplication): string[] {
  const stack = (app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } }).router.stack;
  return stack
    .flatMap((layer) => (layer.route && !layer.route.path.includes('*') ? Object.keys(layer.route.methods).map((method) => routeKey(method, layer.route!.path)) : []))
    .filter((route, index, all) => all.indexOf(route) === index)
    .sort();
}

/** A route as "METHOD /path", parameters written {} and a query string left out. */
export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.split('?')[0].replace(/:\w+|\{\w+\}/g, '{}')}`;
}
