// The remembered address is a same-origin path and nothing else: whatever ?redirect= holds, signing in (and
// /ssologin for someone already signed in) never takes the browser to another site. An unsafe address falls back
// to /home. With JavaScript on and off.
//
// Browsers drop tab and newline characters anywhere in a URL, so "/<tab>/evil.example/x" is read as
// "//evil.example/x", another site: such an address must be refused like "//evil.example/x" itself.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, button, closeBrowser, field, getBrowser, MODES, startServer, withPage } from "./harness.mjs";
import { where } from "./flows.mjs";

before(() => getBrowser());
after(() => closeBrowser());

const UNSAFE = [
  { what: "another site", redirect: "https://evil.example/x" },
  { what: "a protocol-relative address", redirect: "//evil.example/x" },
  { what: "a backslash address", redirect: "/\\evil.example/x" },
  { what: "an address with a tab that browsers drop", redirect: "/\t/evil.example/x" },
  { what: "an address with a newline that browsers drop", redirect: "/\n/evil.example/x" },
];

/** Answers every request to another host with a page saying so, and records it. */
async function fenceOffOtherSites(page, origin) {
  const offsite = [];
  await page.context().route(
    (u) => u.origin !== origin,
    (route) => {
      offsite.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>another site</h1>" });
    },
  );
  return offsite;
}

/** Waits until the browser is on /home or somewhere else entirely (or gives up), without failing on aborts. */
async function settle(page, origin) {
  await page
    .waitForURL((u) => u.origin !== origin || u.pathname === "/home", { timeout: PATIENCE })
    .catch(() => {});
  await page.waitForLoadState("load").catch(() => {});
}

for (const { js, label } of MODES) {
  describe(`登录后跳转只在本站内 (${label})`, () => {
    let server;
    before(async () => {
      server = await startServer();
    });
    after(() => server?.stop());

    it("/ goes through /ssologin to /login, and to /home once signed in", () =>
      withPage(server, { js }, async (page) => {
        await page.goto("/");
        await page.waitForURL((u) => u.pathname === "/login");
        assert.equal(where(page), "/login");
        await field(page, "account").fill(ADMIN_ACCOUNT);
        await field(page, "password").fill(ADMIN_PASSWORD);
        await button(page, "登录").click();
        await page.waitForURL((u) => u.pathname === "/home");
        await page.goto("/");
        await page.waitForURL((u) => u.pathname === "/home");
        assert.equal(where(page), "/home");
      }));

    for (const c of UNSAFE) {
      it(`signing in with ?redirect= ${c.what} lands on /home`, () =>
        withPage(server, { js }, async (page) => {
          const offsite = await fenceOffOtherSites(page, server.url);
          await page.goto("/login?redirect=" + encodeURIComponent(c.redirect));
          assert.equal(await field(page, "password").isVisible(), true);
          await field(page, "account").fill(ADMIN_ACCOUNT);
          await field(page, "password").fill(ADMIN_PASSWORD);
          await button(page, "登录").click();
          await settle(page, server.url);
          assert.deepEqual(offsite, [], "the browser must not be sent to another site");
          assert.equal(new URL(page.url()).origin, server.url);
          assert.equal(where(page), "/home", `after signing in with redirect ${JSON.stringify(c.redirect)}`);
        }));
    }

    it("/ssologin sends someone signed in to /home when ?redirect= is not a same-origin path", () =>
      withPage(server, { js }, async (page) => {
        const offsite = await fenceOffOtherSites(page, server.url);
        await page.goto("/login");
        await field(page, "account").fill(ADMIN_ACCOUNT);
        await field(page, "password").fill(ADMIN_PASSWORD);
        await button(page, "登录").click();
        await page.waitForURL((u) => u.pathname === "/home");
        for (const c of UNSAFE) {
          await page.goto("/ssologin?redirect=" + encodeURIComponent(c.redirect));
          await settle(page, server.url);
          assert.deepEqual(offsite, [], `/ssologin with redirect ${JSON.stringify(c.redirect)} must not leave the site`);
          assert.equal(where(page), "/home", `/ssologin with redirect ${JSON.stringify(c.redirect)}`);
        }
      }));
  });
}
