import { matchRoutes, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeTreeOf } from "../../server/http/route-tree";

// The server hands gates its build's routes as a tree (server/app.ts): the route a URL
// reaches must carry its module's handle, as in React Router's own matching.

const route = (
  id: string,
  parentId: string | undefined,
  fields: { path?: string; index?: boolean; handle?: unknown },
) => ({ id, parentId, path: fields.path, index: fields.index, module: { handle: fields.handle } });

const build = {
  routes: {
    root: route("root", undefined, { path: "" }),
    area: route("area", "root", { path: "storehub" }),
    intro: route("intro", "area", { index: true, handle: { storehubGate: "introduction" } }),
    add: route("add", "area", { path: "add" }),
    live: route("live", "area", { path: "live", handle: { storehubGate: "stream" } }),
  },
} as unknown as ServerBuild;

const reached = (path: string) => {
  const matches = matchRoutes(routeTreeOf(build), path) ?? [];
  return { ids: matches.map((m) => m.route.id), handle: matches.at(-1)?.route.handle };
};

describe("the server build's route tree", () => {
  it("reaches the same routes as the URL map, with each module's handle", () => {
    expect(reached("/storehub")).toEqual({
      ids: ["root", "area", "intro"],
      handle: { storehubGate: "introduction" },
    });
    expect(reached("/storehub/add")).toEqual({ ids: ["root", "area", "add"], handle: undefined });
    expect(reached("/storehub/live").handle).toEqual({ storehubGate: "stream" });
  });

  it("is built once per build", () => {
    expect(routeTreeOf(build)).toBe(routeTreeOf(build));
  });
});
