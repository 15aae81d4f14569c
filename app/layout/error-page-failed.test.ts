import { describe, expect, it } from "vitest";
import { errorPageFailedResponse } from "./error-page-failed.server";

describe("the page shown when the error page itself fails", () => {
  it("is a 500 in Thai with the seed's English text and a way home", async () => {
    const response = errorPageFailedResponse();
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="th">');
    expect(html).toContain("เกิดข้อผิดพลาดขณะแสดงหน้าแสดงข้อผิดพลาด");
    expect(html).toContain("An error occurred while showing the error page");
    expect(html).toContain('<a href="/" lang="en">Go back to home</a>');
  });
});
