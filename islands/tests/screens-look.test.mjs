// Every built screen at desktop and phone widths, light and dark, saved for a person to look at
// (islands/tests/artifacts/{light,dark}-*.png); in dark mode no light surface may be left behind (the 货件处理 step
// pills stayed white).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, artifact, closeBrowser, getBrowser, startServer, withPage } from "./harness.mjs";
import { signIn } from "./flows.mjs";

// The screens a tab frame shows (?embed=1 is added), with what they need in the address.
const SCREENS = [
  "/erp/material/localproduct", "/localproduct/addinfo", "/amazon/listing/relation", "/erp/base/brand",
  "/erp/base/category", "/erp/base/supplier", "/erp/warehouse/base", "/erp/warehouse/record",
  "/erp/warehouse/inbound", "/erp/warehouse/outbound", "/e/w/i", "/erp/ship/plan", "/e/s/p", "/erp/ship/quota",
  "/shipment_handing/shipstep?shipmentid=FBA15DEMO002", "/shipmentdetails?shipmentid=FBA15DEMO002", "/sys/dict",
  "/sys/taggroup", "/sys/tag", "/sys/client", "/sys/customer", "/sys/operationlog", "/sys/notify", "/sys/subuser",
  "/sys/role", "/sys/dept", "/sys/menu", "/usercenter", "/amazon/storeAuth", "/amazon/datasync",
  "/erp/finance/exchangerate", "/amazon/profit/calculator", "/amazon/payment/profit", "/amazon/profit/config",
  "/sys/swagger?domain=dicts&route=get_admin_api_v1_dicts_id",
  "/amazon/inventory/fbadaily", "/amazon/reports/reimbursements", "/amazon/reports/storagefee",
  "/amazon/inventory/planning", "/amazon/payment/record", "/amazon/payment/itemfee", "/amazon/payment/settlementsku",
  "/amazon/payment/month",
  "/amazon/orders/remove",
  "/amazon/listing/products", "/amazon/payment/performance",
  "/erp/purchase/process", "/e/p/p/c", "/erp/ship/transportation", "/transportation/edit?shipmentid=FBA15DEMO001",
  "/transportation/details?shipmentid=FBA15DEMO001",
  "/erp/purchase/binding", "/erp/finance/alibaba",
  "/amazon/reports/pageview", "/amazon/listing/analysis",
  "/amazon/payment/costsharing", "/f/c/c", "/amazon/payment/jobcosting",
  "/amazon/adv/rules", "/amazon/adv/warning",
  "/erp/finance/account", "/amazon/vat/invoice",
];

const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

// lightSurfaces lists the visible elements painted with a near-white background (pictures aside): in dark mode
// each is a spot the dark: classes missed.
function lightSurfaces() {
  // Tailwind's colours come back as oklch(); a canvas turns any CSS colour into its sRGB bytes.
  const ctx = Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d", { willReadFrequently: true });
  const rgba = (color) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "rgba(0, 0, 0, 0)";
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    return ctx.getImageData(0, 0, 1, 1).data;
  };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("img, svg, canvas, video")) continue;
    const style = getComputedStyle(el);
    const [r, g, b, a] = rgba(style.backgroundColor);
    if (a < 128 || (r + g + b) / 3 < 215) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 4 || box.height < 4 || style.visibility === "hidden" || style.display === "none") continue;
    out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} "${el.textContent.trim().slice(0, 30)}" ${style.backgroundColor}`);
  }
  return out;
}

before(() => getBrowser());
after(() => closeBrowser());

describe("every built screen, light and dark", () => {
  for (const { name, viewport, dark } of SIZES.flatMap((size) => [false, true].map((dark) => ({ ...size, dark })))) {
    const mode = dark ? "dark" : "light";
    it(`draws at ${name} width in ${mode} mode${dark ? ", with no light surface" : ""}`, async () => {
      const server = await startServer();
      try {
        await withPage(server, { js: true, viewport }, async (page) => {
          await page.addInitScript((on) => localStorage.setItem("dark", on ? "1" : "0"), dark);
          await page.goto("/login");
          await signIn(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
          const problems = [];
          for (const screen of SCREENS) {
            const address = screen + (screen.includes("?") ? "&" : "?") + "embed=1";
            const response = await page.goto(address);
            assert.equal(response.status(), 200, address);
            // Islands show 加载中... until their data is in; the screen is judged once every one has drawn.
            await page.waitForFunction(() => !document.body.innerText.includes("加载中"), null, { timeout: PATIENCE });
            await page.evaluate(() => document.fonts.ready);
            assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), dark, `${screen} in ${mode} mode`);
            if (dark) for (const spot of await page.evaluate(lightSurfaces)) problems.push(`${screen}: ${spot}`);
            const file = screen.slice(1).split("?")[0].replaceAll("/", "-");
            await page.screenshot({ path: artifact(`${mode}-${file}-${name}.png`), fullPage: true });
          }
          assert.deepEqual(problems, [], "light surfaces in dark mode");
        });
      } finally {
        await server.stop();
      }
    });
  }
});
