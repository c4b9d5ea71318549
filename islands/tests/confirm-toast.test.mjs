// The shared pieces every screen uses to talk back (issue 16, items 7, 8 and 10), as the seeded admin of the demo
// company works:
// - toasts: a page shows one, the outcome of its latest call; a success goes away by itself, a later failure of the
//   same call (启用) replaces 操作成功!, and an error stays (the clock run a minute on) until its × is pressed from
//   the keyboard;
// - the question before a step (islands/lib/ConfirmDialog.jsx) instead of the browser's confirm(): 删除 a warehouse,
//   更换仓库 on a new document, 提交, 审核 and 作废 of an 入库单, 确认配货 and 发货 of a shipment. Each names the
//   document and what will change; Esc cancels and nothing is sent, the focus stays in the dialog, Enter or the
//   step's button does the step;
// - the 无权限 page a sub-user without the grant gets: HTTP 403, in words, no status number.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PATIENCE, ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, phone, startServer } from "./harness.mjs";
import { openFromRail, question, sayYes, shellReady, signInToShell, tabFrame, tabTitles, toasts, waitForToast } from "./shell.mjs";

before(() => getBrowser());
after(() => closeBrowser());

describe("提示与操作确认", () => {
  let server;
  let page;
  const sent = []; // the calls that change something: "METHOD /path"

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    // The page's own timers run on a clock the test can move on: an error toast must still be there a minute later.
    await page.clock.install();
    page.on("request", (r) => {
      if (r.method() !== "GET") sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the pages");
  });

  const row = (frame, text) => frame.locator("tbody tr").filter({ hasText: text });
  /** What the focused element of frame is: its text, and whether it is inside the open question. */
  const focused = (frame) =>
    frame.evaluate(() => ({ text: document.activeElement?.textContent.trim(), inQuestion: !!document.activeElement?.closest("[data-question]") }));
  /** The calls sent since mark (a length of sent) to paths matching re. */
  const sentSince = (mark, re) => sent.slice(mark).filter((c) => re.test(c));

  /** Opens the shell on a tab's address and returns the tab's frame. */
  async function openTab(title, path, query = {}) {
    await page.goto(`${path}?${new URLSearchParams({ ...query, title, path })}`);
    await shellReady(page);
    return tabFrame(page, title);
  }

  /**
   * Records the frame's toast changes as they happen, each as the kinds of toast added and removed together, so
   * that a test can tell a toast replaced by another from one that closed by itself.
   */
  async function watchToasts(frame) {
    await frame.evaluate(() => {
      window.toastChanges = [];
      const kinds = (nodes) => [...nodes].map((n) => n.dataset?.toast).filter(Boolean);
      const watch = (host) =>
        new MutationObserver((records) => {
          for (const r of records) window.toastChanges.push({ added: kinds(r.addedNodes), removed: kinds(r.removedNodes) });
        }).observe(host, { childList: true });
      const host = document.getElementById("toasts");
      if (host) return watch(host);
      // The host is made with the first toast: watch for it, and count that first toast as added.
      new MutationObserver((records, self) => {
        const made = document.getElementById("toasts");
        if (!made) return;
        self.disconnect();
        window.toastChanges.push({ added: kinds(made.children), removed: [] });
        watch(made);
      }).observe(document.body, { childList: true });
    });
  }

  /** Calls the JSON API from frame, as its islands do, and returns the envelope's data. */
  async function call(frame, method, path, body) {
    const envelope = await frame.evaluate(
      async ([method, path, body]) => {
        const init = { method, headers: { "Content-Type": "application/json" } };
        if (body) init.body = JSON.stringify(body);
        return (await fetch(`/erp/api/v1/${path}`, init)).json();
      },
      [method, path, body],
    );
    assert.equal(envelope.code, "201", `${method} ${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  it("toasts: a success goes by itself; a later failure of the same call replaces 操作成功! and stays until closed from the keyboard", async () => {
    await openFromRail(page, "仓库", "仓库");
    const frame = await tabFrame(page, "仓库");
    await row(frame, "深圳自有仓").waitFor();
    // Three stopped warehouses, made as another user's screen would have: 启用 asks nothing.
    const made = [];
    for (const name of ["周转仓一", "周转仓二", "周转仓三"]) {
      const w = await call(frame, "POST", "warehouse", { name, kind: "own", address: "", allowNegative: false, remark: "" });
      await call(frame, "POST", `warehouse/${w.id}/disable`);
      made.push(w);
    }
    await frame.getByRole("button", { name: "刷新", exact: true }).click();
    await row(frame, "周转仓三").waitFor();
    await watchToasts(frame);
    const enable = (name) => row(frame, name).getByRole("button", { name: "启用", exact: true }).click();

    // A success closes itself: the person reads 操作成功! and it goes without being touched.
    await enable("周转仓一");
    assert.deepEqual(await waitForToast(frame, "操作成功!"), ["操作成功!"]);
    await frame.locator('#toasts [data-toast="success"]').waitFor({ state: "detached", timeout: PATIENCE });
    assert.deepEqual(await toasts(frame), [], "the success toast went away by itself");

    // 启用 again succeeds, then 启用 of a warehouse removed meanwhile fails: the failure takes the success's place.
    await enable("周转仓二");
    await waitForToast(frame, "操作成功!");
    // The list reloads after the success (周转仓二 then offers 停用): removed before that reload ends, 周转仓三 would
    // leave the list before the person could press its 启用 (a CI run timed out on the vanished row).
    await row(frame, "周转仓二").getByRole("button", { name: "停用", exact: true }).waitFor();
    await call(frame, "DELETE", `warehouse/${made[2].id}`);
    await enable("周转仓三");
    const refusal = frame.locator('#toasts [data-toast="error"]');
    await refusal.waitFor();
    const error = "仓库不存在";
    assert.deepEqual(await toasts(frame), [error], "only the refusal shows");
    const changes = await frame.evaluate(() => window.toastChanges);
    assert.deepEqual(changes.at(-1), { added: ["error"], removed: ["success"] }, `the refusal replaced 操作成功!: ${JSON.stringify(changes)}`);

    // A minute later the error is still there; its × is the next stop of Tab after the page's last field, and
    // Enter on it closes the toast.
    await page.clock.fastForward(60_000);
    assert.deepEqual(await toasts(frame), [error], "the error stays");
    await frame.getByRole("textbox", { name: "页码" }).focus();
    await page.keyboard.press("Tab");
    assert.equal(await frame.evaluate(() => document.activeElement?.getAttribute("aria-label")), "关闭", "Tab reaches the toast's ×");
    await page.keyboard.press("Enter");
    await refusal.waitFor({ state: "detached" });
    assert.deepEqual(await toasts(frame), []);
  });

  it("删除 asks in the styled dialog naming the warehouse: the focus stays in it, Esc sends nothing, Enter deletes", async () => {
    const frame = await tabFrame(page, "仓库");
    const mark = sent.length;
    await row(frame, "周转仓一").getByRole("button", { name: "删除", exact: true }).click();
    const asked = await question(frame, "删除仓库“周转仓一”");
    assert.match(await asked.innerText(), /删除后不可恢复。/);
    assert.deepEqual(await focused(frame), { text: "删除", inQuestion: true }, "the step's own button has the focus");
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      assert.equal((await focused(frame)).inQuestion, true, `Tab ${i + 1}: the focus stays in the dialog`);
    }
    await page.keyboard.press("Shift+Tab");
    assert.equal((await focused(frame)).inQuestion, true, "Shift+Tab: the focus stays in the dialog");
    await page.keyboard.press("Escape");
    await asked.waitFor({ state: "detached" });
    assert.deepEqual(await focused(frame), { text: "删除", inQuestion: false }, "the focus is back on the row's 删除");
    assert.deepEqual(sentSince(mark, /^DELETE /), [], "Esc sent nothing");
    assert.equal(await row(frame, "周转仓一").count(), 1, "the warehouse is still there, and so is its tab");

    await row(frame, "周转仓一").getByRole("button", { name: "删除", exact: true }).click();
    await question(frame, "删除仓库“周转仓一”");
    await page.keyboard.press("Enter");
    await asked.waitFor({ state: "detached" });
    await waitForToast(frame, "操作成功!");
    await row(frame, "周转仓一").waitFor({ state: "detached" });
    assert.equal(sentSince(mark, /^DELETE \/erp\/api\/v1\/warehouse\//).length, 1, "one 删除 sent");
  });

  let inbound; // { frame, number }
  it("a new 入库单 asks before 更换仓库 empties its lines; Esc keeps them", async () => {
    await openFromRail(page, "仓库", "入库单");
    const list = await tabFrame(page, "入库单");
    await list.getByRole("button", { name: "新建入库单", exact: true }).click();
    const form = await tabFrame(page, "新建入库单");
    const warehouse = form.getByRole("combobox", { name: "仓库" });
    await warehouse.selectOption({ label: "深圳自有仓" });
    for (const [sku, quantity] of [["DEMO-MUG-01", 100], ["DEMO-LAMP-01", 20]]) {
      await form.getByLabel("查找产品").fill(sku);
      await form.getByRole("button", { name: `添加 ${sku}`, exact: true }).click();
      await form.getByLabel(`${sku} 数量`).fill(String(quantity));
    }
    const chosen = await warehouse.inputValue();
    await warehouse.selectOption({ label: "FBA美国仓" });
    const asked = await question(form, "更换仓库");
    assert.match(await asked.innerText(), /已添加的 2 个产品将被清空。/);
    await page.keyboard.press("Escape");
    await asked.waitFor({ state: "detached" });
    assert.equal(await warehouse.inputValue(), chosen, "the warehouse stays 深圳自有仓");
    assert.equal(await form.getByLabel("DEMO-LAMP-01 数量").inputValue(), "20", "the lines stay");

    const open = await tabTitles(page);
    await form.getByRole("button", { name: "保存", exact: true }).click();
    let title;
    for (const deadline = Date.now() + PATIENCE; !title && Date.now() < deadline; await sleep(50)) {
      title = (await tabTitles(page)).find((t) => /^入库单 RK/.test(t) && !open.includes(t));
    }
    assert.ok(title, `the new document's tab: ${await tabTitles(page)}`);
    inbound = { frame: await tabFrame(page, title), number: title.split(" ")[1] };
    await inbound.frame.getByText("待提交", { exact: true }).waitFor();
  });

  it("提交, 审核 and 作废 of the 入库单 each ask, naming it and the stock that moves; Esc changes nothing", async () => {
    const { frame, number } = inbound;
    const status = (text) => frame.getByText(text, { exact: true }).waitFor();
    const steps = [
      ["提交", `提交入库单 ${number}`, "提交后等待审核，审核通过才会移动库存。", "待审核"],
      ["审核", `审核入库单 ${number}`, "审核后将向“深圳自有仓”入库 2 个产品共 120 件。", "已完成"],
      ["作废", `作废入库单 ${number}`, "作废后不可恢复，已入库的 2 个产品共 120 件将从“深圳自有仓”扣回。", "已作废"],
    ];
    let before = "待提交";
    for (const [action, title, message, after] of steps) {
      const mark = sent.length;
      await frame.getByRole("button", { name: action, exact: true }).click();
      const asked = await question(frame, title);
      assert.equal((await asked.locator("p").innerText()).trim(), message, `${action} says what will change`);
      await page.keyboard.press("Escape");
      await asked.waitFor({ state: "detached" });
      assert.deepEqual(sentSince(mark, /^POST \/erp\/api\/v1\/inbound\/[^/]+\//), [], `Esc on ${action} sent nothing`);
      await status(before);

      await frame.getByRole("button", { name: action, exact: true }).click();
      await question(frame, title);
      // 审核 is said yes to with Enter, the others with the button.
      if (action === "审核") await page.keyboard.press("Enter");
      else await asked.getByRole("button", { name: action, exact: true }).click();
      await asked.waitFor({ state: "detached" });
      await status(after);
      const call = { 提交: "submit", 审核: "approve", 作废: "cancel" }[action];
      assert.equal(sentSince(mark, new RegExp(`^POST /erp/api/v1/inbound/[^/]+/${call}$`)).length, 1, `one ${action} sent`);
      before = after;
    }
  });

  const stepTab = (id) => openTab(`处理货件 ${id}`, "/shipment_handing/shipstep", { shipmentid: id });
  const expectStatus = (frame, text) => frame.getByTestId("shipment-status").filter({ hasText: new RegExp(`^${text}$`) }).waitFor();

  it("确认配货 asks with the units that leave fulfillable stock and the warehouse", async () => {
    const frame = await stepTab("FBA15DEMO001");
    await expectStatus(frame, "待确认");
    const mark = sent.length;
    await frame.getByRole("button", { name: "确认配货", exact: true }).click();
    const asked = await question(frame, "确认配货：货件 FBA15DEMO001");
    assert.equal((await asked.locator("p").innerText()).trim(), "确认后“深圳自有仓”中 5 个产品共 486 件将由可用库存转为待出库。");
    await page.keyboard.press("Escape");
    await asked.waitFor({ state: "detached" });
    assert.deepEqual(sentSince(mark, /^POST \/erp\/api\/v1\/shipment\//), [], "Esc sent nothing");
    await expectStatus(frame, "待确认");
    await frame.getByRole("button", { name: "确认配货", exact: true }).click();
    await sayYes(frame, "确认配货");
    await expectStatus(frame, "配货");
  });

  it("发货 asks with the units that leave the warehouse and those that go back", async () => {
    const frame = await stepTab("FBA15DEMO002");
    await expectStatus(frame, "配货");
    await frame.getByRole("list", { name: "处理步骤" }).getByRole("button", { name: "装箱" }).click();
    for (const [side, value] of [["重量", "30"], ["长", "60"], ["宽", "40"], ["高", "35"]]) {
      await frame.getByRole("textbox", { name: `第1箱${side}` }).fill(value);
    }
    await frame.getByRole("button", { name: "确认装箱", exact: true }).click();
    await expectStatus(frame, "装箱");

    await frame.getByRole("list", { name: "处理步骤" }).getByRole("button", { name: "发货" }).click();
    await frame.getByRole("textbox", { name: "承运商" }).fill("UPS");
    await frame.getByRole("textbox", { name: "MUG-BLUE-350 发货数量" }).fill("70");
    const mark = sent.length;
    await frame.getByRole("button", { name: "确认发货", exact: true }).click();
    const asked = await question(frame, "确认发货：货件 FBA15DEMO002");
    assert.equal((await asked.locator("p").innerText()).trim(), "发货后货件的 254 件产品将从“深圳自有仓”出库，未发出的 2 件退回可用库存。");
    await page.keyboard.press("Escape");
    await asked.waitFor({ state: "detached" });
    assert.deepEqual(sentSince(mark, /^POST \/erp\/api\/v1\/shipment\//), [], "Esc sent nothing");
    await expectStatus(frame, "装箱");
    await frame.getByRole("button", { name: "确认发货", exact: true }).click();
    await sayYes(frame, "确认发货");
    await expectStatus(frame, "已发货");
  });

  it("a page outside a sub-user's grant is 无权限, served 403, in words without a number", async () => {
    // A sub-user with no role, made through the API the 子账号 screen calls.
    const account = phone("138");
    const made = await page.evaluate(
      async (body) => (await fetch("/admin/api/v1/users/subusers", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json(),
      { account, name: "新来的", password: "Clerk#2026pass", repassword: "Clerk#2026pass", roleIds: [] },
    );
    assert.equal(made.code, "201", JSON.stringify(made));
    const clerk = await newPage(server);
    try {
      await signInToShell(clerk, { account, password: "Clerk#2026pass" });
      const response = await clerk.goto("/sys/dict?embed=1");
      assert.equal(response.status(), 403);
      const refused = clerk.locator('[data-exception="noPermission"]');
      assert.equal((await refused.locator("h1").innerText()).trim(), "无权限");
      assert.match(await refused.innerText(), /请联系公司管理员/);
      assert.doesNotMatch(await refused.innerText(), /\d{3}/, "no status number");
    } finally {
      await clerk.context().close();
    }
  });
});
