import { describe, expect, it } from "vitest";
import {
  bangkokIsoDate,
  bangkokYear,
  formatDate,
  formatDateTime,
  formatDateTimeLong,
  formatDocumentDate,
  parseBangkokLocal,
  toBangkokLocalInput,
} from "./dates";

describe("Bangkok time for datetime-local inputs", () => {
  it("reads a local value as UTC+7", () => {
    expect(parseBangkokLocal("2026-01-12T09:30")?.toISOString()).toBe("2026-01-12T02:30:00.000Z");
    expect(parseBangkokLocal("2026-01-01T03:00:15")?.toISOString()).toBe(
      "2025-12-31T20:00:15.000Z",
    );
  });

  it.each(["", "2026-01-12", "2026-02-30T10:00", "2026-01-12T24:00", "12/01/2026 09:30", "x"])(
    "refuses %j",
    (value) => {
      expect(parseBangkokLocal(value)).toBeNull();
    },
  );

  it("writes a moment back as the local value, round trip", () => {
    expect(toBangkokLocalInput(new Date("2026-01-12T02:30:00Z"))).toBe("2026-01-12T09:30");
    expect(toBangkokLocalInput(null)).toBe("");
    const value = "2026-12-31T23:59";
    expect(toBangkokLocalInput(parseBangkokLocal(value))).toBe(value);
  });
});

describe("dates people read", () => {
  const moment = new Date("2026-11-23T07:05:00Z"); // 14:05 in Bangkok

  it("writes Thai dates in the Buddhist era and English ones in the Gregorian calendar", () => {
    expect(formatDate(moment, "th")).toBe("23 พฤศจิกายน 2569");
    expect(formatDate(moment, "en")).toBe("23 November 2026");
    expect(formatDateTime(moment, "th")).toBe("23 พ.ย. 2569 14:05");
    expect(formatDateTime(moment, "en")).toBe("23 Nov 2026, 14:05");
    expect(formatDateTimeLong(moment, "th")).toBe("23 พฤศจิกายน 2569 เวลา 14:05:00");
    expect(formatDate(moment.toISOString(), "th")).toBe("23 พฤศจิกายน 2569");
  });

  it("prints a document date the way a receipt shows it", () => {
    expect(formatDocumentDate(moment, "th")).toBe("23 พ.ย. 2569 14:05");
    expect(formatDocumentDate(moment, "en")).toBe("23 Nov 2026 14:05");
    // A 24-hour clock with two digits, also just after midnight.
    expect(formatDocumentDate("2026-11-23T17:01:00Z", "th")).toBe("24 พ.ย. 2569 00:01");
  });

  it("uses the Bangkok day around midnight UTC, not the server's", () => {
    // 16:59 UTC is 23:59 in Bangkok, 17:00 UTC is already tomorrow there.
    const lastMinute = new Date("2026-12-31T16:59:00Z");
    const newYear = new Date("2026-12-31T17:00:00Z");
    expect(formatDate(lastMinute, "th")).toBe("31 ธันวาคม 2569");
    expect(formatDate(newYear, "th")).toBe("1 มกราคม 2570");
    expect(formatDate(newYear, "en")).toBe("1 January 2027");
    expect(formatDocumentDate(newYear, "th")).toBe("1 ม.ค. 2570 00:00");
    expect(bangkokIsoDate(lastMinute)).toBe("2026-12-31");
    expect(bangkokIsoDate(newYear)).toBe("2027-01-01");
    expect(bangkokYear(lastMinute)).toBe(2026);
    expect(bangkokYear(newYear)).toBe(2027);
    // And the other way: 23:30 UTC is 06:30 the next morning in Bangkok.
    expect(bangkokIsoDate("2026-11-22T23:30:00Z")).toBe("2026-11-23");
  });
});

describe("formatDate and formatDateTime, written out without Intl", () => {
  it("gives Intl's text for every month, both languages, at the edges of Bangkok's days", () => {
    const intl = {
      th: new Intl.DateTimeFormat("th-TH-u-ca-buddhist", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Asia/Bangkok",
      }),
      en: new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Asia/Bangkok",
      }),
    };
    const withTime = {
      th: new Intl.DateTimeFormat("th-TH-u-ca-buddhist", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "Asia/Bangkok",
      }),
      en: new Intl.DateTimeFormat("en-GB", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "Asia/Bangkok",
      }),
    };
    const moments: Date[] = [];
    // Every day of two years (one a leap year), at 16:59:59 and 17:00 UTC (Bangkok midnight),
    // and a spread of older and later instants.
    for (let day = 0; day < 731; day++) {
      const midnight = Date.UTC(2027, 11, 31, 17) - day * 86_400_000;
      moments.push(new Date(midnight - 1_000), new Date(midnight));
    }
    for (let step = 0; step < 200; step++) moments.push(new Date(step * 12_345_678_901));
    for (const moment of moments) {
      for (const lang of ["th", "en"] as const) {
        expect(formatDate(moment, lang), moment.toISOString()).toBe(intl[lang].format(moment));
        expect(formatDateTime(moment, lang), moment.toISOString()).toBe(
          withTime[lang].format(moment),
        );
      }
    }
    expect(formatDate("2026-11-23T10:00:00Z", "th")).toBe("23 พฤศจิกายน 2569");
    expect(() => formatDate("not a date", "en")).toThrow(RangeError);
  });
});
