import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { toFetchRequest } from "../../server/http/react-router-handler";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const servers: Server[] = [];
afterAll(() =>
  Promise.all(servers.map((server) => new Promise((done) => server.close(() => done(null))))),
);

describe("the request a route sees (server/http/react-router-handler.ts)", () => {
  it("is aborted when the browser leaves a streamed answer, even after a garbage collection", async () => {
    // A live stock stream keeps only `request.signal`, as a route does once it has answered.
    const signals: AbortSignal[] = [];
    const app = express();
    app.get("/live", (req, res) => {
      signals.push(toFetchRequest(req, res, new AbortController()).signal);
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(": connected\n\n");
    });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((listening) => server.once("listening", listening));
    const { port } = server.address() as AddressInfo;

    const browser = httpRequest({ host: "127.0.0.1", port, path: "/live" });
    browser.on("error", () => {});
    await new Promise((answered) => browser.once("response", answered).end());
    expect(signals).toHaveLength(1);
    for (let round = 0; round < 3; round++) {
      gc();
      await pause(10);
    }
    browser.destroy();
    await expect.poll(() => signals[0]!.aborted, { timeout: 3_000 }).toBe(true);
  });
});
