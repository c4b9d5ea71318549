// 接口文档 in the shell, as the seeded admin: opened from the menu (no longer 建设中), it lists every route of the
// JSON API by domain; searching finds a route, which opens to its access, parameters, answer shape and error
// codes. The page loads nothing from elsewhere and its search works without JavaScript; openapi.json is the
// same description. Screenshots at 1280 px and 390 px, light and dark.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, newPage, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { openFromRail, signInToShell, tabFrame } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

/** The number of routes the page says it describes, and how many the search found ("" without a search). */
async function counts(frame) {
  const text = await frame.locator("[data-apidoc-count]").innerText();
  const [, total, found = ""] = text.match(/共\s*(\d+)\s*个接口\s*(?:，找到\s*(\d+)\s*个)?/) ?? [];
  return { total: Number(total), found };
}

describe("接口文档", () => {
  let server;

  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it("opens from the menu, finds a route and shows its access, shapes and errors", async () => {
    const page = await newPage(server);
    const elsewhere = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith("data:")) elsewhere.push(r.url());
    });
    try {
      await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await openFromRail(page, "系统", "接口文档");
      const doc = await tabFrame(page, "接口文档");
      await doc.locator("[data-apidoc]").waitFor();
      assert.equal(await doc.locator("[data-under-construction]").count(), 0, "not 建设中");
      const all = await counts(doc);
      assert.ok(all.total >= 250, `the page describes every route: ${all.total}`);
      assert.equal(await doc.locator("[data-route]").count(), all.total, "every route is listed, a line each");
      assert.equal(await doc.locator("details").count(), 0, "the whole list is lines, not the shapes of 289 routes");
      await page.screenshot({ path: artifact("apidoc-shell-list-desktop.png") });

      // A line leads to its domain's routes, itself opened.
      const line = doc.locator('[data-route="GET /admin/api/v1/dicts/{id}"] a');
      await Promise.all([doc.waitForNavigation(), line.click()]);
      const opened = doc.locator('[data-route="GET /admin/api/v1/dicts/{id}"] details[open]');
      await opened.waitFor();
      assert.ok(await opened.locator('[data-field="code"]').count(), "it shows its answer");
      const dicts = await doc.locator("[data-route]").evaluateAll((els) => els.map((e) => e.dataset.route));
      assert.ok(dicts.every((r) => r.includes("/dicts")), `only 数据字典's routes: ${dicts}`);
      assert.equal(await doc.locator("details[open]").count(), 1, "only the route chosen is open");

      // A person looks for the dictionary items' routes.
      await doc.getByLabel("查找接口").fill("dict-items");
      await Promise.all([doc.waitForNavigation(), doc.getByLabel("查找接口").press("Enter")]);
      const found = await counts(doc);
      const routes = await doc.locator("[data-route]").evaluateAll((els) => els.map((e) => e.dataset.route));
      assert.equal(Number(found.found), routes.length, "the count says what the list shows");
      assert.ok(routes.length >= 8 && routes.every((r) => r.includes("dict-items")), `only the search's routes: ${routes}`);

      const route = doc.locator('[data-route="GET /admin/api/v1/dict-items/{id}"]');
      await route.locator("summary").click();
      const details = route.locator("details[open]");
      await details.waitFor();
      assert.match(await details.innerText(), /需登录/, "its access");
      assert.match(await details.innerText(), /路径参数/, "its path parameter");
      for (const field of ["code", "data", "dictCode", "value"]) {
        assert.ok(await details.locator(`[data-field="${field}"]`).count(), `its answer has ${field}`);
      }
      for (const code of ["A0231", "A0404", "B0001"]) {
        assert.ok(await details.locator(`[data-error="${code}"]`).count(), `its error ${code}`);
      }
      assert.match(await details.locator(`[data-error="A0231"]`).first().innerText(), /token已被禁止访问/);
      await page.screenshot({ path: artifact("apidoc-shell-desktop.png") });

      // The same description as JSON, for programs.
      const spec = await doc.evaluate(async () => (await fetch("/sys/swagger/openapi.json")).json());
      assert.equal(spec.openapi, "3.1.0");
      assert.equal(Object.values(spec.paths).reduce((n, ops) => n + Object.keys(ops).length, 0), all.total);
      assert.deepEqual(elsewhere, [], "nothing is loaded from elsewhere");
      assert.deepEqual(page.scriptErrors.map((e) => e.message), [], "no script errors");
    } finally {
      await page.context().close();
    }
  });

  it("searches without JavaScript", async () => {
    await withPage(server, { js: false }, async (page) => {
      await page.goto("/login");
      await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
      await page.goto("/sys/swagger?embed=1");
      await page.getByLabel("查找接口").fill("汇率");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "查找", exact: true }).click()]);
      const routes = await page.locator("[data-route]").evaluateAll((els) => els.map((e) => e.dataset.route));
      assert.ok(routes.length > 0 && routes.every((r) => r.includes("exchangeRate")), `汇率's routes: ${routes}`);
      await page.getByLabel("查找接口").fill("没有这个接口");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "查找", exact: true }).click()]);
      assert.match(await page.locator("[data-apidoc-empty]").innerText(), /没有找到相关接口/);
    });
  });

  for (const { name, viewport } of [{ name: "desktop", viewport: { width: 1280, height: 800 } }, { name: "phone", viewport: { width: 390, height: 844 } }]) {
    for (const dark of [false, true]) {
      const mode = dark ? "dark" : "light";
      it(`draws a found route at ${name} width in ${mode} mode`, async () => {
        await withPage(server, { viewport }, async (page) => {
          await page.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await page.goto("/login");
          await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          await page.goto("/sys/swagger?embed=1");
          await page.screenshot({ path: artifact(`apidoc-list-${mode}-${name}.png`) });
          await page.goto("/sys/swagger?embed=1&q=" + encodeURIComponent("tags"));
          assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), dark);
          const route = page.locator('[data-route="POST /admin/api/v1/tags/page"]');
          await route.locator("summary").click();
          await route.locator("details[open]").waitFor();
          await page.screenshot({ path: artifact(`apidoc-${mode}-${name}.png`) });
          await route.evaluate((el) => el.scrollIntoView());
          await page.screenshot({ path: artifact(`apidoc-${mode}-${name}-route.png`) });
          // Nothing wider than the window: long paths and tables wrap or scroll in their box.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `the page is ${overflow}px wider than the window`);
        });
      });
    }
  }
});
