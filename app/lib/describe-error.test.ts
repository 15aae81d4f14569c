import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { describeRouteError } from "./describe-error";

/** What a thrown `data(body, { status })` becomes once React Router has handled it. */
function thrownResponse(body: string | null, status: number) {
  return new ErrorResponseImpl(status, "", body);
}

describe("describeRouteError", () => {
  it("shows the 'briefly unavailable' page for a 503 (the database is restarting)", () => {
    // React Router's client makes this of the server's empty `.data` answer 503.
    expect(describeRouteError(new ErrorResponseImpl(503, "Service Unavailable", ""))).toEqual({
      kind: "unavailable",
    });
  });

  it("shows 'Error' with status 500 for an error without a message", () => {
    expect(describeRouteError(new Error())).toEqual({
      kind: "other",
      status: 500,
      message: undefined,
    });
    expect(describeRouteError("boom")).toEqual({ kind: "other", status: 500, message: undefined });
  });

  it("treats the production build's sanitised server error as having no message", () => {
    expect(describeRouteError(new Error("Unexpected Server Error"))).toEqual({
      kind: "other",
      status: 500,
      message: undefined,
    });
  });

  it("shows the error's own message otherwise", () => {
    expect(describeRouteError(new Error("ไม่พบสินค้ารายการนี้"))).toEqual({
      kind: "other",
      status: 500,
      message: "ไม่พบสินค้ารายการนี้",
    });
  });

  it("recognises 404 responses and failed code chunks", () => {
    expect(describeRouteError(thrownResponse(null, 404))).toEqual({ kind: "not-found" });
    expect(
      describeRouteError(new TypeError("Failed to fetch dynamically imported module: /a.js")),
    ).toEqual({
      kind: "chunk",
    });
  });

  it("recognises a request that never reached the server", () => {
    for (const message of [
      "Failed to fetch",
      "Load failed",
      "NetworkError when attempting to fetch resource.",
    ]) {
      expect(describeRouteError(new TypeError(message))).toEqual({ kind: "network" });
    }
  });

  it("ignores the HTTP status text, which is English and not always right", () => {
    expect(describeRouteError(new ErrorResponseImpl(403, "Internal Server Error", null))).toEqual({
      kind: "other",
      status: 403,
      message: undefined,
    });
  });

  it("keeps the status and text of other thrown responses", () => {
    expect(describeRouteError(thrownResponse("ปิดปรับปรุงระบบ", 503))).toEqual({
      kind: "other",
      status: 503,
      message: "ปิดปรับปรุงระบบ",
    });
  });
});
