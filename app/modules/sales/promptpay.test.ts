import fc from "fast-check";
import { parse } from "promptparse";
import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import {
  emvCrc,
  formatPromptPayId,
  normalizePromptPayId,
  PROMPTPAY_MAX_SATANG,
  promptPayPayload,
  promptPayQrSvg,
  readPromptPayPayload,
  satangToPayloadAmount,
} from "./promptpay";

/** Tag 29 (merchant account information: the PromptPay ID) of a payload. */
function tag29(payload: string): string | undefined {
  return parse(payload)?.getTagValue("29");
}

describe("PromptPay payloads against published examples", () => {
  // maythiwat/promptparse, src/index.test.ts, "Generate Any ID with amount"
  // (https://github.com/maythiwat/promptparse/blob/main/src/index.test.ts).
  it("0812223333, 30.00 baht", () => {
    expect(promptPayPayload({ kind: "mobile", value: "0812223333" }, 3000)).toBe(
      "00020101021229370016A0000006770101110113006681222333353037645802TH540530.0063043CAD",
    );
  });

  // maythiwat/promptparse, src/index.test.ts, "Parse payload (strict) with valid checksum".
  it("0801111111, 20.15 baht", () => {
    expect(promptPayPayload({ kind: "mobile", value: "0801111111" }, 2015)).toBe(
      "00020101021229370016A0000006770101110113006680111111153037645802TH540520.15630442BE",
    );
  });

  // dtinth/promptpay-qr, index.test.js (https://github.com/dtinth/promptpay-qr): the same
  // fields in another tag order; its ID field and CRC must agree with ours.
  const dtinth = {
    local: "00020101021129370016A000000677010111011300668012345675802TH530376463046197",
    international: "00020101021129370016A000000677010111011300668912345675802TH5303764630429C1",
    nationalId: "00020101021129370016A000000677010111021311111111111115802TH530376463047B5A",
    taxId: "00020101021129370016A000000677010111021301234567890125802TH530376463040CBD",
    amount: "00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469",
  };

  it("gives the same ID field as promptpay-qr for a mobile typed with dashes or +66", () => {
    const local = normalizePromptPayId("080-123-4567");
    const international = normalizePromptPayId("+66-89-123-4567");
    expect(local).toEqual({ ok: true, id: { kind: "mobile", value: "0801234567" } });
    expect(international).toEqual({ ok: true, id: { kind: "mobile", value: "0891234567" } });
    if (!local.ok || !international.ok) return;
    expect(tag29(promptPayPayload(local.id, 100))).toBe(tag29(dtinth.local));
    expect(tag29(promptPayPayload(international.id, 100))).toBe(tag29(dtinth.international));
  });

  it("gives the same ID field as promptpay-qr for national and tax IDs", () => {
    // Those two published IDs do not carry a valid checksum, so they go in as stored IDs.
    const national = promptPayPayload({ kind: "nationalId", value: "1111111111111" }, 100);
    const tax = promptPayPayload({ kind: "nationalId", value: "0123456789012" }, 100);
    expect(tag29(national)).toBe(tag29(dtinth.nationalId));
    expect(tag29(tax)).toBe(tag29(dtinth.taxId));
  });

  it("gives the same ID field as promptparse's e-wallet (TrueMoney) example", () => {
    // promptparse, src/index.test.ts, "Generate TrueMoney QR": e-wallet ID 140000801111111.
    const published =
      "00020101021129390016A000000677010111031514000080111111153037645802TH63047C0F";
    const id = normalizePromptPayId("140000801111111");
    expect(id).toEqual({ ok: true, id: { kind: "eWallet", value: "140000801111111" } });
    if (!id.ok) return;
    expect(tag29(promptPayPayload(id.id, 1000))).toBe(tag29(published));
  });

  it("reads the example of the article that first explained the format", () => {
    // Blognone, "PromptPay QR" (https://www.blognone.com/node/95133, cited by promptpay-qr):
    // a static QR for the dummy number 000-000-0000.
    const published = "00020101021129370016A000000677010111011300660000000005802TH530376463048956";
    expect(emvCrc(published.slice(0, -4))).toBe("8956");
    expect(readPromptPayPayload(published)).toEqual({
      id: { kind: "mobile", value: "0000000000" },
      amountSatang: null,
    });
    expect(tag29(promptPayPayload({ kind: "mobile", value: "0000000000" }, 100))).toBe(
      tag29(published),
    );
  });

  it("reads every published payload back, CRC included", () => {
    expect(readPromptPayPayload(dtinth.amount)).toEqual({
      id: { kind: "mobile", value: "0000000000" },
      amountSatang: 422,
    });
    expect(readPromptPayPayload(dtinth.local)).toEqual({
      id: { kind: "mobile", value: "0801234567" },
      amountSatang: null,
    });
    expect(readPromptPayPayload(dtinth.taxId)).toEqual({
      id: { kind: "nationalId", value: "0123456789012" },
      amountSatang: null,
    });
    for (const payload of Object.values(dtinth)) {
      expect(emvCrc(payload.slice(0, -4))).toBe(payload.slice(-4));
    }
  });
});

describe("CRC-16/CCITT-FALSE", () => {
  it("matches the catalogue check value (reveng: CRC-16/IBM-3740 of '123456789' = 0x29B1)", () => {
    expect(emvCrc("123456789")).toBe("29B1");
  });

  it("refuses a payload whose CRC or any character was changed", () => {
    const payload = promptPayPayload({ kind: "mobile", value: "0812345678" }, 12345);
    expect(readPromptPayPayload(payload)).not.toBeNull();
    expect(readPromptPayPayload(`${payload.slice(0, -4)}0000`)).toBeNull();
    const changed = payload.replace("0066812345678", "0066812345679");
    expect(readPromptPayPayload(changed)).toBeNull();
  });
});

describe("amounts in the payload", () => {
  it("writes 0.01 and 1,234.50 baht exactly, as a dynamic (one-amount) QR", () => {
    const id = { kind: "mobile", value: "0812345678" } as const;
    const cent = promptPayPayload(id, 1);
    expect(cent).toContain("54040.01");
    expect(cent.startsWith("000201010212")).toBe(true);
    expect(promptPayPayload(id, 123450)).toContain("54071234.50");
  });

  it("refuses zero, negative, fractional and too large amounts", () => {
    const id = { kind: "mobile", value: "0812345678" } as const;
    for (const bad of [0, -100, 10.5, PROMPTPAY_MAX_SATANG + 1, Number.NaN]) {
      expect(() => promptPayPayload(id, bad)).toThrow(RangeError);
    }
  });

  it("formats every amount below 1,000 baht exactly as integer arithmetic does", () => {
    const wrong: number[] = [];
    for (let satang = 1; satang < 100_000; satang++) {
      if ((satang / 100).toFixed(2) !== satangToPayloadAmount(satang)) wrong.push(satang);
    }
    expect(wrong).toEqual([]);
  });

  it("round-trips ID and amount for any ID kind and amount up to the payload's limit", () => {
    const ids = fc.oneof(
      fc.stringMatching(/^0[689]\d{8}$/).map((value) => ({ kind: "mobile" as const, value })),
      fc.stringMatching(/^\d{13}$/).map((value) => ({ kind: "nationalId" as const, value })),
      fc.stringMatching(/^\d{15}$/).map((value) => ({ kind: "eWallet" as const, value })),
    );
    fc.assert(
      fc.property(ids, fc.integer({ min: 1, max: PROMPTPAY_MAX_SATANG }), (id, satang) => {
        const payload = promptPayPayload(id, satang);
        expect(parse(payload)?.getTagValue("54")).toBe(satangToPayloadAmount(satang));
        expect(readPromptPayPayload(payload)).toEqual({ id, amountSatang: satang });
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the PromptPay ID a shop types", () => {
  it.each([
    ["0812345678", { kind: "mobile", value: "0812345678" }],
    [" 081-234-5678 ", { kind: "mobile", value: "0812345678" }],
    ["+66 81 234 5678", { kind: "mobile", value: "0812345678" }],
    ["66812345678", { kind: "mobile", value: "0812345678" }],
    ["(062) 345.6789", { kind: "mobile", value: "0623456789" }],
    ["1-1017-00207-03-0", { kind: "nationalId", value: "1101700207030" }],
    ["140 000 801111111", { kind: "eWallet", value: "140000801111111" }],
  ])("%s", (input, expected) => {
    const result = normalizePromptPayId(input);
    if (expected) expect(result).toEqual({ ok: true, id: expected });
    else expect(result.ok).toBe(false);
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["0212345678", "notMobile"],
    ["0712345678", "notMobile"],
    ["1101700207031", "idChecksum"],
    ["081234567", "notAnId"],
    ["+1 415 555 0100", "notAnId"],
    ["abc", "notAnId"],
    ["1234567890123456", "notAnId"],
  ])("refuses %j as %s", (input, error) => {
    expect(normalizePromptPayId(input)).toEqual({ ok: false, error });
  });

  it("shows IDs the way they are written on Thai forms, and reads them back", () => {
    const mobile = { kind: "mobile", value: "0812345678" } as const;
    const national = { kind: "nationalId", value: "1101700207030" } as const;
    expect(formatPromptPayId(mobile)).toBe("081-234-5678");
    expect(formatPromptPayId(national)).toBe("1-1017-00207-03-0");
    expect(normalizePromptPayId(formatPromptPayId(national))).toEqual({ ok: true, id: national });
  });
});

describe("the QR image", () => {
  it("is an SVG of the payload's modules with a quiet zone, sized for a counter", () => {
    const payload = promptPayPayload({ kind: "mobile", value: "0812345678" }, 12050);
    const svg = promptPayQrSvg(payload);
    expect(svg).toMatch(/^<svg width="320" height="320" /);
    const modules = encode(payload, { ecc: "M", border: 4 }).size;
    expect(svg).toContain(`viewBox="0 0 ${modules * 10} ${modules * 10}"`);
    // The quiet zone: no dark module starts in the first four rows or columns.
    const firstDark = /M(\d+),(\d+)h/.exec(svg);
    expect(Number(firstDark?.[1])).toBeGreaterThanOrEqual(40);
    expect(Number(firstDark?.[2])).toBeGreaterThanOrEqual(40);
    expect(promptPayQrSvg(payload, 480)).toMatch(/^<svg width="480" height="480" /);
  });
});
