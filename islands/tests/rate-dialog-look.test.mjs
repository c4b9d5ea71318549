// The 汇率 dialog's 币种 reads as text (issue 43 #18): drawn at 1280 px and 390 px, light and dark, for a person to
// look at (islands/tests/artifacts/rate-dialog-*.png).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { signIn } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("汇率 dialog", () => {
  it("draws 编辑汇率 with its currency as text at desktop and phone widths, light and dark", async () => {
    const server = await startServer();
    try {
      for (const [size, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
        for (const dark of [false, true]) {
          const page = await newPage(server, { viewport });
          try {
            await page.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
            await page.goto("/login");
            await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
            await page.goto("/erp/finance/exchangerate?embed=1");
            await page.locator("tbody tr", { hasText: "USD" }).getByRole("button", { name: "编辑汇率", exact: true }).click();
            const dialog = page.locator("dialog[open]");
            assert.equal((await dialog.getByRole("group", { name: "币种" }).innerText()).replace(/\s+/g, " ").trim(), "币种 USD");
            await page.screenshot({ path: artifact(`rate-dialog-${size}-${dark ? "dark" : "light"}.png`) });
            assert.deepEqual(page.scriptErrors.map((e) => e.message), []);
          } finally {
            await page.context().close();
          }
        }
      }
    } finally {
      await server.stop();
    }
  });
});
