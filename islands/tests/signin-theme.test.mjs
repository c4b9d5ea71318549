// The pages outside the shell (登录, 注册, 找回密码, the agreement) follow the theme like every other page: with dark
// mode chosen in the shell (saved as dark=1), they paint dark from the first paint, their text readable on it; in
// light mode they stay light. The password rule under 注册's 密码 wraps only between its clauses. Screenshots at 1280 px and 390 px in both themes go to islands/tests/artifacts/.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { artifact, closeBrowser, getBrowser, startServer, withPage } from "./harness.mjs";
import { textContrast } from "./shell.mjs";
import { MSG } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const PAGES = [
  { name: "login", path: "/login", heading: "账号登录" },
  { name: "register", path: "/register", heading: "注册账号" },
  { name: "reset", path: "/resetPassword", heading: "找回密码" },
  { name: "agreement", path: "/agreement", heading: "用户服务协议" },
];

/** The relative luminance (0 black … 1 white) of the first background behind el that is not transparent. */
function backdrop(locator) {
  return locator.evaluate((el) => {
    // Any CSS colour (Tailwind's are oklch) read back as sRGB through a 1x1 canvas.
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    const rgba = (colour) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    };
    for (let node = el; node; node = node.parentElement) {
      const c = rgba(getComputedStyle(node).backgroundColor);
      if (c[3] > 0) {
        const lin = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
      }
    }
    return 1;
  });
}

describe("登录页的主题", () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  for (const dark of [true, false]) {
    const theme = dark ? "dark" : "light";
    it(`paints 登录, 注册, 找回密码 and the agreement ${theme}, their text readable`, async () => {
      for (const width of [1280, 390]) {
        await withPage(server, { viewport: { width, height: 900 } }, async (page) => {
          await page.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          for (const p of PAGES) {
            await page.goto(p.path);
            const heading = page.getByRole("heading", { level: 1, name: p.heading });
            await heading.waitFor();
            assert.equal(await page.locator("html").evaluate((el) => el.classList.contains("dark")), dark, `${p.path}: dark mode ${dark ? "on" : "off"}`);
            for (const [what, loc] of [["the page", page.locator("body")], ["the heading's card", heading]]) {
              const lum = await backdrop(loc);
              assert.ok(dark ? lum < 0.1 : lum > 0.8, `${p.path} at ${width} px, ${theme}: ${what}'s background has luminance ${lum.toFixed(2)}`);
            }
            assert.ok((await textContrast(heading)) >= 4.5, `${p.path}: the heading contrasts with its background`);
            for (const input of await page.locator('input:not([type="hidden"])').all()) {
              await input.fill("13800000000");
              const contrast = await textContrast(input);
              assert.ok(contrast >= 4.5, `${p.path}: what is typed in ${await input.getAttribute("name")} contrasts ${contrast.toFixed(1)}:1`);
            }
            if (p.name === "register") {
              // The password rule reads as one sentence: its text is the spec's, and no line ends inside a clause
              // (the old rule broke between `8 -` and `30位`).
              const rule = page.locator("#oldpassword-rule");
              assert.equal((await rule.textContent()).trim(), MSG.passwordRule);
              assert.equal(await rule.locator(":scope > span").count(), 5, "the rule's five clauses");
              const split = await rule.evaluate((el) =>
                [...el.children].filter((c) => c.getClientRects().length > 1).map((c) => c.textContent),
              );
              assert.deepEqual(split, [], `${width} px: clauses of the rule cut across lines`);
            }
            await page.screenshot({ path: artifact(`signin-${p.name}-${width}-${theme}.png`), fullPage: true });
          }
        });
      }
    });
  }
});
