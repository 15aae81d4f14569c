import { describe, expect, it } from "vitest";
import {
  addDays,
  BANGKOK_OFFSET_MS,
  bangkokDays,
  bangkokDayStart,
  bangkokIsoDate,
  bangkokYear,
  formatDate,
  formatDay,
  formatMonth,
  formatDateTime,
  formatDateTimeLong,
  formatDocumentDate,
  parseBangkokLocal,
  toBangkokLocalInput,
  weekdayName,
} from "./dates";

describe("Bangkok days", () => {
  it("start at 17:00 UTC the day before, every day of the year", () => {
    expect(BANGKOK_OFFSET_MS).toBe(7 * 60 * 60 * 1000);
    expect(bangkokDayStart("2026-11-23")?.toISOString()).toBe("2026-11-22T17:00:00.000Z");
    expect(bangkokDayStart("2027-01-01")?.toISOString()).toBe("2026-12-31T17:00:00.000Z");
    // Thailand has no daylight saving: the same hour in June.
    expect(bangkokDayStart("2026-06-15")?.toISOString()).toBe("2026-06-14T17:00:00.000Z");
  });

  it.each(["", "2026-02-29", "2026-13-01", "2026-11-31", "23/11/2569", "2026-1-5"])(
    "is no day: %j",
    (day) => {
      expect(bangkokDayStart(day)).toBeNull();
    },
  );

  it("span a range of days, the last one included", () => {
    expect(bangkokDays("2026-11-01", "2026-11-30")).toEqual({
      start: new Date("2026-10-31T17:00:00Z"),
      end: new Date("2026-11-30T17:00:00Z"),
    });
    expect(bangkokDays("2026-11-23")).toEqual({
      start: new Date("2026-11-22T17:00:00Z"),
      end: new Date("2026-11-23T17:00:00Z"),
    });
    expect(bangkokDays("2026-11-30", "2026-11-01")).toBeNull();
    expect(bangkokDays("2026-11-01", "2026-11-31")).toBeNull();
  });

  it("count forward and back across months and years", () => {
    expect(addDays("2026-11-23", -1)).toBe("2026-11-22");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-23", -7)).toBe("2026-11-16");
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });

  it("read the moment's day in Bangkok, the inverse of the day's start", () => {
    for (let step = 0; step < 400; step++) {
      const day = addDays("2025-12-01", step);
      expect(bangkokIsoDate(bangkokDayStart(day)!)).toBe(day);
    }
  });
});

describe("days, months and weekdays as people read them", () => {
  it("match Intl's text in Bangkok for every day of two years", () => {
    const intl = (lang: "th" | "en", options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(lang === "th" ? "th-TH-u-ca-buddhist" : "en-GB", {
        ...options,
        timeZone: "Asia/Bangkok",
      });
    for (let step = 0; step < 731; step++) {
      const day = addDays("2026-01-01", step);
      const noon = new Date(`${day}T05:00:00Z`);
      for (const lang of ["th", "en"] as const) {
        expect(formatDay(day, lang)).toBe(formatDate(noon, lang));
        expect(weekdayName(day, lang), day).toBe(
          new Intl.DateTimeFormat(lang === "th" ? "th-TH" : "en-GB", {
            weekday: "long",
            timeZone: "Asia/Bangkok",
          }).format(noon),
        );
        expect(formatMonth(day.slice(0, 7), lang), day).toBe(
          intl(lang, { month: "short", year: "numeric" }).format(noon),
        );
      }
    }
    expect(weekdayName("2026-11-23", "th")).toBe("วันจันทร์");
    expect(formatMonth("2026-11", "th")).toBe("พ.ย. 2569");
    expect(formatMonth("2026-09", "en")).toBe("Sept 2026");
    expect(() => formatMonth("2026-13", "en")).toThrow(RangeError);
    expect(() => formatDay("2026-02-30", "en")).toThrow(RangeError);
  });
});

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
