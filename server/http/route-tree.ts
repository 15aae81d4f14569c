import type { RouteObject, ServerBuild } from "react-router";

const trees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

/**
 * The server build's routes as a tree React Router's `matchRoutes` reads (ids, paths and each
 * module's `handle`), built once per build: the context's routeTreeContext (app/context.ts).
 */
export function routeTreeOf(build: ServerBuild): RouteObject[] {
  const known = trees.get(build.routes);
  if (known) return known;
  const routes = Object.values(build.routes).flatMap((route) => (route ? [route] : []));
  const toObject = (route: (typeof routes)[number]): RouteObject => {
    const shared = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      handle: route.module.handle,
    };
    if (route.index) return { ...shared, index: true };
    const children = routes.filter((child) => child.parentId === route.id).map(toObject);
    return { ...shared, children };
  };
  const tree = routes.filter((route) => route.parentId === undefined).map(toObject);
  trees.set(build.routes, tree);
  return tree;
}
