import { describe, expect, it } from "vitest";
import { scannedCode, shouldReclaimFocus } from "./scanner";

describe("a scanner field", () => {
  it("takes the code on Enter, without the spaces around it", () => {
    expect(scannedCode("Enter", " 8850999320014 ")).toBe("8850999320014");
  });

  it("takes nothing on other keys or from an empty field", () => {
    expect(scannedCode("a", "8850999320014")).toBeNull();
    expect(scannedCode("Tab", "8850999320014")).toBeNull();
    expect(scannedCode("Enter", "   ")).toBeNull();
  });

  it("takes focus back when it went nowhere, not when the person chose another field", () => {
    expect(shouldReclaimFocus(null)).toBe(true);
    expect(shouldReclaimFocus({ tagName: "BODY" })).toBe(true);
    expect(shouldReclaimFocus({ tagName: "INPUT" })).toBe(false);
    expect(shouldReclaimFocus({ tagName: "BUTTON" })).toBe(false);
  });
});
