// Unit tests of the one money formatter (no browser, no server): symbol, separators, two decimals.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { money } from "../lib/money.js";

describe("money", () => {
  it("writes the issue's three ways one way: symbol, separators, two decimals", () => {
    assert.equal(money(1478, "USD"), "$1,478.00");
    assert.equal(money("146.4", "GBP"), "£146.40");
    assert.equal(money("16.99", "EUR"), "€16.99");
    assert.equal(money("878040.14", "CNY"), "¥878,040.14");
  });
  it("writes the yen as JP¥ with two decimals, beside the yuan's ¥", () => {
    assert.equal(money(1980, "JPY"), "JP¥1,980.00");
    assert.equal(money("203504.93", "CNY"), "¥203,504.93");
  });
  it("puts the minus before the symbol and rounds half away from zero on the digits", () => {
    assert.equal(money("-3.5", "USD"), "-$3.50");
    assert.equal(money("-0.004", "USD"), "$0.00");
    assert.equal(money("1.005", "USD"), "$1.01");
    assert.equal(money(1.005, "USD"), "$1.01");
    assert.equal(money("999999.995", "CAD"), "C$1,000,000.00");
    assert.equal(money("-1234567.125", "CNY"), "-¥1,234,567.13");
  });
  it("names a currency without a symbol by its code, and writes no symbol without a currency", () => {
    assert.equal(money("1234.5", "SGD"), "SGD 1,234.50");
    assert.equal(money("1234.5", ""), "1,234.50");
    assert.equal(money(".5", "USD"), "$0.50");
  });
  it("leaves no amount empty and a text that is not a number as it is", () => {
    assert.equal(money("", "USD"), "");
    assert.equal(money(null, "USD"), "");
    assert.equal(money(undefined, "USD"), "");
    assert.equal(money("—", "USD"), "—");
  });
});
