import { describe, expect, it } from "vitest";
import { knownMessages } from "./message-registry";
import {
  areaMessagesFor,
  areaPartMessagesFor,
  bundleText,
  messageFileAt,
  messagesFor,
  MESSAGES_PATH,
} from "./messages.server";

/** What a browser reads from a file. */
const evaluate = (source: string): unknown => JSON.parse(source);

describe("interface text as files", () => {
  it("refers to one versioned address per language and bundle, whose file is the text", async () => {
    const th = messagesFor("th");
    const en = messagesFor("en");
    expect(th.href).toMatch(/^\/i18n\/th\/frame\.[0-9a-f]{12}\.json$/);
    expect(en.href).not.toBe(th.href);
    expect(messagesFor("th")).toEqual(th);
    const script = messageFileAt(th.href.slice(MESSAGES_PATH.length));
    expect(script?.current).toBe(true);
    expect(evaluate(script!.source)).toEqual(bundleText("th", "frame"));
    // Server rendering reads the text behind the reference at once.
    expect(knownMessages(th)?.["nav.contact"]).toBe(bundleText("th", "frame")["nav.contact"]);
  });

  it("serves areas and the till's part, each with its own text", async () => {
    const storehub = areaMessagesFor("en", "storehub");
    const till = areaPartMessagesFor("th", "till");
    expect(storehub.href).toMatch(/^\/i18n\/en\/storehub\./);
    expect(till.href).toMatch(/^\/i18n\/th\/till\./);
    const tillText = evaluate(messageFileAt(till.href.slice(5))!.source);
    expect(tillText).toEqual(bundleText("th", "till"));
    expect(Object.keys(tillText as object).every((key) => key.startsWith("shops."))).toBe(true);
  });

  it("answers an address of another version with today's text, marked as not current", () => {
    const current = messagesFor("th").href.slice(5);
    const old = current.replace(/\.[0-9a-f]{12}\.json$/, ".000000000000.json");
    expect(messageFileAt(old)).toEqual({
      source: messageFileAt(current)!.source,
      current: false,
    });
  });

  it("knows nothing of other languages, bundles or paths", () => {
    for (const pathname of [
      "/fr/frame.000000000000.json",
      "/th/secrets.000000000000.json",
      "/th/frame.json",
      "/th/../frame.000000000000.json",
      "/th/frame.000000000000.json.map",
    ]) {
      expect(messageFileAt(pathname)).toBeUndefined();
    }
  });
});
