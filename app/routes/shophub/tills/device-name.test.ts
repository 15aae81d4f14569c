import { describe, expect, it } from "vitest";
import { deviceName } from "./device-name";

describe("the name of a bound device", () => {
  it("names a user-agent string by its browser and system", () => {
    expect(
      deviceName(
        "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome · Android");
    expect(
      deviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari · iPhone");
    expect(
      deviceName(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge · Windows");
  });

  it("keeps any other label as it was given", () => {
    expect(deviceName("เครื่องหน้าร้าน")).toBe("เครื่องหน้าร้าน");
  });
});
