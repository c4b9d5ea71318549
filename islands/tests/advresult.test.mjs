// /advresult, where Amazon sends the advertiser back after the advertising consent: a server-rendered page outside
// the shell, no React. It shows 授权中 / 授权进行中。。。 while it works, then 授权成功，请回到授权列表页面刷新。 or the
// failure text. The server streams it (the working notice first, the outcome when it is known): no script needed.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, MODES, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";
import { startAmazon } from "./amazon-standin.mjs";

const WORKING = "授权进行中。。。";
const SUCCESS = "授权成功，请回到授权列表页面刷新。";
const FAILURE = "授权失败，请再次尝试（注意：您必须在店铺所在的网络环境重新尝试）";
const SHOTS = process.env.SCREENSHOT_DIR || "/tmp/shots-advert";

before(() => getBrowser());
after(() => closeBrowser());

/** Waits for the page's outcome text and returns it; the working notice is hidden by then. */
async function outcome(page) {
  const text = page.locator(".consent-outcome [role=alert]");
  await text.waitFor();
  assert.equal(await page.getByText(WORKING).isVisible(), false);
  return (await text.textContent()).trim();
}

/** The data of a successful API answer. */
async function apiData(response) {
  const body = await (await response).json();
  assert.equal(body.code, "201", `API answered ${JSON.stringify(body)}`);
  return body.data;
}

for (const { js, label } of MODES) {
  describe(`广告授权结果页 (${label})`, () => {
    let amazon;
    let server;
    before(async () => {
      amazon = await startAmazon();
      server = await startServer({ env: amazon.env });
    });
    after(async () => {
      await server?.stop();
      await amazon?.stop();
    });

    it("the consent round trip: 授权广告 at Amazon brings the advertiser back to 授权成功, profiles loaded", () =>
      withPage(server, { js }, async (page) => {
        await page.goto("/login");
        await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
        const group = await apiData(page.request.post("/amazon/api/v1/amzauthority/storeGroups", { data: { name: `广告店${js ? 1 : 2}` } }));
        const link = await apiData(page.request.get(`/amazonadv/api/v1/advert/bindUrl?groupid=${group.id}&region=NA`));
        assert.ok(link.startsWith(`${amazon.url}/ap/oa?`), link);

        await page.goto(link); // the stand-in's consent page sends the browser back to /advresult
        assert.equal(new URL(page.url()).pathname, "/advresult");
        assert.equal(await outcome(page), SUCCESS);
        assert.equal(await page.getByRole("heading").textContent(), "授权成功");
        await page.screenshot({ path: `${SHOTS}/advresult-success-${js ? "js" : "nojs"}.png` });

        const profiles = await apiData(page.request.get(`/amazonadv/api/v1/advert/loadProfile?groupid=${group.id}`));
        assert.deepEqual(profiles.map((p) => p.countryCode), ["CA", "US"]);
        // Going back to the same address (a reload) cannot use the state twice.
        await page.reload();
        assert.equal(await outcome(page), FAILURE);
      }));

    it("a forged state ends in the failure text, and no script but the theme's is loaded", () =>
      withPage(server, { js }, async (page) => {
        const scripts = [];
        page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
        await page.goto("/advresult?code=ANcodeforged&state=forged.state");
        assert.equal(await outcome(page), FAILURE);
        assert.equal(await page.getByRole("heading").textContent(), "授权失败");
        assert.equal(await page.title(), "广告授权 - sellerhub");
        await page.screenshot({ path: `${SHOTS}/advresult-failed-${js ? "js" : "nojs"}.png` });
        // Only the theme's, which paints the page dark when dark mode is on (as on every page); nothing it works by.
        assert.deepEqual(scripts.filter((u) => !/\/theme-[^/]*\.js$/.test(u)), []);
      }));

    it("Amazon's refusal (the advertiser said no) ends in the failure text", () =>
      withPage(server, { js }, async (page) => {
        await page.goto("/advresult?error=access_denied&state=x");
        assert.equal(await outcome(page), FAILURE);
      }));
  });
}
