import { describe, expect, it } from "vitest";
import { z } from "zod";
import { en } from "~/lib/i18n/en";
import { th } from "~/lib/i18n/th";
import {
  bahtField,
  checkboxField,
  idField,
  idListField,
  INT4_MAX,
  readId,
  wholeNumberField,
} from "./fields";
import { readForm } from "./read-form";

const schema = z.object({
  name: z.string().trim().min(1, "shops.error.nameRequired").max(10, "shops.error.nameTooLong"),
  price: bahtField("storehub.error.priceInvalid"),
  qty: wholeNumberField("storehub.error.qtyInvalid"),
  itemId: idField("storehub.inout.error.itemRequired"),
  agree: checkboxField(),
});

function form(entries: [string, string][]): URLSearchParams {
  return new URLSearchParams(entries);
}

const THAI = /[\u0E00-\u0E7F]/;

describe("readForm", () => {
  it("returns the converted values of a good form", () => {
    const read = readForm(
      form([
        ["name", "  ร้านดี "],
        ["price", "1,250.50"],
        ["qty", "1,200"],
        ["itemId", "42"],
        ["agree", "on"],
      ]),
      schema,
    );
    expect(read).toEqual({
      ok: true,
      data: { name: "ร้านดี", price: 125_050, qty: 1200, itemId: 42, agree: true },
      values: { name: "  ร้านดี ", price: "1,250.50", qty: "1,200", itemId: "42", agree: "on" },
    });
  });

  it("keeps what was typed and names a Thai and English message per field", () => {
    const read = readForm(
      form([
        ["name", ""],
        ["price", "12.345"],
        ["qty", "-3"],
        ["itemId", "0"],
      ]),
      schema,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.values).toEqual({ name: "", price: "12.345", qty: "-3", itemId: "0" });
    expect(read.errors).toEqual({
      name: "shops.error.nameRequired",
      price: "storehub.error.priceInvalid",
      qty: "storehub.error.qtyInvalid",
      itemId: "storehub.inout.error.itemRequired",
    });
    for (const key of Object.values(read.errors)) {
      expect(th[key!]).toMatch(THAI);
      expect(en[key!]).toBeTruthy();
    }
  });

  it("reads a field the form did not send as empty: its own message, never zod's English", () => {
    const read = readForm(form([["price", "5"]]), schema);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.name).toBe("shops.error.nameRequired");
    expect(read.errors.itemId).toBe("storehub.inout.error.itemRequired");
    expect(JSON.stringify(read.errors)).not.toMatch(/invalid|expected|received/i);
  });

  it("shows a Thai fallback next to a field whose rule names no message", () => {
    const read = readForm(form([["code", "x"]]), z.object({ code: z.string().min(3) }));
    expect(read).toMatchObject({ ok: false, errors: { code: "error.invalidField" } });
    expect(th["error.invalidField"]).toMatch(THAI);
  });

  it("reads a repeated field as a list where the schema wants one, and refuses it elsewhere", () => {
    const ids = z.object({ ids: z.array(idField("storehub.inout.error.itemRequired")).max(3) });
    expect(
      readForm(
        form([
          ["ids", "3"],
          ["ids", "5"],
        ]),
        ids,
      ),
    ).toMatchObject({ ok: true, data: { ids: [3, 5] } });
    const twice = readForm(
      form([
        ["name", "a"],
        ["name", "b"],
        ["itemId", "1"],
      ]),
      schema,
    );
    expect(twice).toMatchObject({ ok: false, errors: { name: "error.invalidField" } });
    // The first of the two is what the page shows again.
    expect(twice.values.name).toBe("a");
  });

  it("builds nested values from dotted names (the lines of a document)", () => {
    const lines = z.object({
      lines: z.array(z.object({ qty: wholeNumberField("storehub.error.qtyInvalid") })),
    });
    const read = readForm(
      form([
        ["lines[0].qty", "2"],
        ["lines[1].qty", "x"],
      ]),
      lines,
    );
    expect(read).toMatchObject({
      ok: false,
      errors: { "lines[1].qty": "storehub.error.qtyInvalid" },
    });
  });

  it("an object-level rule reports on the field it names, or on the whole form", () => {
    const pair = z
      .object({ a: z.string(), b: z.string() })
      .refine((v) => v.a === v.b, { path: ["b"], message: "auth.error.password-mismatch" })
      .refine((v) => v.a !== "x", "error.invalidField");
    expect(
      readForm(
        form([
          ["a", "1"],
          ["b", "2"],
        ]),
        pair,
      ),
    ).toMatchObject({
      ok: false,
      errors: { b: "auth.error.password-mismatch" },
    });
    expect(
      readForm(
        form([
          ["a", "x"],
          ["b", "x"],
        ]),
        pair,
      ),
    ).toMatchObject({
      ok: false,
      errors: { form: "error.invalidField" },
    });
  });

  it("never sends a password back, and ignores Conform's reserved names", () => {
    const read = readForm(
      form([
        ["email", "a@b.co"],
        ["password", "secret"],
        ["confirmPassword", "secret"],
        ["__state__", "{not json"],
        ["__intent__", "x"],
      ]),
      z.object({ email: z.string(), password: z.string() }),
    );
    expect(read).toMatchObject({ ok: true, data: { email: "a@b.co", password: "secret" } });
    expect(read.values).toEqual({ email: "a@b.co" });
  });

  it("reads multipart bodies the same way", () => {
    const body = new FormData();
    body.append("name", "ร้าน");
    body.append("price", "99");
    body.append("itemId", "7");
    expect(readForm(body, schema)).toMatchObject({
      ok: true,
      data: { name: "ร้าน", price: 9_900, qty: 0, itemId: 7, agree: false },
    });
  });
});

describe("readId", () => {
  it("takes positive whole ids within the column's range and nothing else", () => {
    expect(readId("1")).toBe(1);
    expect(readId("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
    expect(readId(String(INT4_MAX), INT4_MAX)).toBe(INT4_MAX);
    for (const bad of ["", "0", "-1", "1.5", "1e3", " 1", "a\u0000b", "9007199254740992"]) {
      expect(readId(bad), bad).toBeNull();
    }
    expect(readId(String(INT4_MAX + 1), INT4_MAX)).toBeNull();
    expect(readId(null)).toBeNull();
    expect(readId(new File(["1"], "1"))).toBeNull();
  });
});

describe("readForm with hostile names", () => {
  it("reads names like __proto__ and toString as plain names, and pollutes nothing", () => {
    const read = readForm(
      form([
        ["__proto__", "x"],
        ["toString", "y"],
        ["constructor.prototype.polluted", "z"],
        ["name", "ok"],
      ]),
      z.object({ name: z.string() }),
    );
    expect(read).toMatchObject({ ok: true, data: { name: "ok" } });
    expect(Object.hasOwn(read.values, "toString")).toBe(true);
    expect(read.values.toString).toBe("y");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("does not build a list from a huge index", () => {
    const ids = z.object({ ids: idListField("storehub.error.badRequest", 200) });
    const read = readForm(form([["ids[99999999]", "1"]]), ids);
    expect(read).toEqual({ ok: true, data: { ids: [] }, values: {} });
    expect(
      readForm(
        form([
          ["ids", "1"],
          ["ids", "x"],
        ]),
        ids,
      ),
    ).toMatchObject({
      ok: false,
      errors: { ids: "storehub.error.badRequest" },
    });
    const tooMany = Array.from({ length: 201 }, (_, i): [string, string] => ["ids", String(i + 1)]);
    expect(readForm(form(tooMany), ids)).toMatchObject({ ok: false });
    expect(readForm(form([]), ids)).toMatchObject({ ok: true, data: { ids: [] } });
  });
});
