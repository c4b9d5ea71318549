// 数据字典 (系统 > 基础设置 > 数据字典) as the admin of the seeded demo company uses it: a new dictionary 尺码 (size)
// with three items, one of them edited; deleting a dictionary that still has items is refused with
// 删除字典失败，请先删除关联字典数据 and leaves it listed; once its items are gone it is deleted. The forms keep bad
// input in the dialog: an empty 字典名称, and a code (or an item value) already taken, which the server names
// (字典编码已存在, 该字典下字典项值已存在) rather than the generic 数据重复冲突 of a true race.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, closeBrowser, getBrowser, newPage, startServer } from "./harness.mjs";
import { eventually, openFromRail, question, sayYes, signInToShell, tabFrame, tableLoaded, toasts } from "./shell.mjs";

const TAB = "数据字典";
const CODE_TAKEN = "字典编码已存在";
const VALUE_TAKEN = "该字典下字典项值已存在";
const HAS_ITEMS = "删除字典失败，请先删除关联字典数据";

before(() => getBrowser());
after(() => closeBrowser());

describe("数据字典", () => {
  let server;
  let page;
  let frame;

  const dicts = () => frame.getByRole("region", { name: "字典", exact: true });
  const items = () => frame.getByRole("region", { name: "字典项", exact: true });
  const form = (title) => frame.getByRole("dialog", { name: title, exact: true });
  /** A table's first column (the name) and second (the code or value), once it is not loading. */
  async function listed(region) {
    await tableLoaded(region);
    return region.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => `${tr.cells[0].textContent}/${tr.cells[1].textContent}`));
  }
  const row = (region, name) => region.locator("tbody tr").filter({ has: frame.locator("td:first-child", { hasText: new RegExp(`^${name}$`) }) });

  /** Waits for a toast of kind (success, error) reading text in the page's frame, and closes it. */
  async function expectToast(text, kind = "success") {
    const toast = frame.locator(`#toasts [data-toast="${kind}"]`, { hasText: text });
    const seen = await eventually(() => toasts(frame), (t) => t.includes(text));
    assert.ok(seen?.includes(text), `a toast reads ${text}; the toasts: ${JSON.stringify(seen)}`);
    assert.equal(await toast.count(), 1, `the toast ${text} is a ${kind} toast`);
    await toast.getByRole("button", { name: "关闭" }).click();
    await toast.waitFor({ state: "detached" });
  }

  /** Fills a form dialog's fields ({name: value}) and presses 保存. */
  async function fillAndSave(dialog, values) {
    for (const [name, value] of Object.entries(values)) {
      const input = dialog.locator(`[name="${name}"]`);
      if ((await input.evaluate((el) => el.tagName)) === "SELECT") await input.selectOption(value);
      else await input.fill(value);
    }
    await dialog.getByRole("button", { name: "保存", exact: true }).click();
  }

  async function addItem(name, value, sort) {
    await items().getByRole("button", { name: "新增字典项", exact: true }).click();
    await fillAndSave(form("新增字典项"), { name, value, sort });
    await form("新增字典项").waitFor({ state: "detached" });
    await expectToast("操作成功!");
  }

  before(async () => {
    server = await startServer();
    page = await newPage(server);
    await signInToShell(page, { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD });
    await openFromRail(page, "系统", TAB);
    frame = await tabFrame(page, TAB);
    await dicts().locator("tbody tr").first().waitFor();
  });
  after(async () => {
    const errors = page?.scriptErrors ?? [];
    await page?.context().close();
    await server?.stop();
    assert.deepEqual(errors.map((e) => e.message), [], "no script errors on the page");
  });

  it("lists the demo company's dictionaries 币种 and 运输方式, and asks to pick one for its items", async () => {
    assert.deepEqual(await listed(dicts()), ["币种/currency", "运输方式/ship_method"]);
    assert.equal((await items().textContent()).includes("请在左侧选择一个字典"), true);
  });

  it("新增字典 keeps the dialog open with 字典名称不能为空 when the name is empty", async () => {
    await dicts().getByRole("button", { name: "新增字典", exact: true }).click();
    const dialog = form("新增字典");
    await dialog.waitFor();
    await fillAndSave(dialog, { code: "size" });
    assert.equal(await dialog.getByRole("alert").textContent(), "字典名称不能为空");
    assert.equal(await dialog.isVisible(), true, "the dialog stays open to correct the input");
    await dialog.getByRole("button", { name: "取消", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.deepEqual(await listed(dicts()), ["币种/currency", "运输方式/ship_method"], "nothing was added");
  });

  it("新增字典 尺码 (size) lists it, selects it and shows its empty item table", async () => {
    await dicts().getByRole("button", { name: "新增字典", exact: true }).click();
    await fillAndSave(form("新增字典"), { name: "尺码", code: "size", remark: "服装尺码" });
    await form("新增字典").waitFor({ state: "detached" });
    await expectToast("操作成功!");
    assert.deepEqual(await eventually(() => listed(dicts()), (l) => l.length === 3), ["币种/currency", "运输方式/ship_method", "尺码/size"],
      "listed by code: currency, ship_method, size");
    assert.equal(await items().locator("h2").textContent(), "字典项：尺码（size）", "the new dictionary is selected");
    await items().getByText("暂无数据！").waitFor();
  });

  it("a second dictionary with the code size is refused in the dialog with 字典编码已存在", async () => {
    await dicts().getByRole("button", { name: "新增字典", exact: true }).click();
    const dialog = form("新增字典");
    await fillAndSave(dialog, { name: "尺码二", code: "size" });
    assert.equal(await eventually(() => dialog.getByRole("alert").textContent(), (t) => t === CODE_TAKEN), CODE_TAKEN);
    await dialog.getByRole("button", { name: "取消", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    assert.deepEqual(await listed(dicts()), ["币种/currency", "运输方式/ship_method", "尺码/size"], "nothing was added");
  });

  it("adds the items 小号 S, 中号 M and 大号 L, refuses a second value M, and edits 中号 into 中码", async () => {
    await addItem("大号", "L", "3");
    await addItem("小号", "S", "1");
    await addItem("中号", "M", "2");
    assert.deepEqual(await eventually(() => listed(items()), (l) => l.length === 3), ["小号/S", "中号/M", "大号/L"], "by 排序");
    assert.equal((await items().locator("nav").textContent()).includes("共 3 条"), true);

    await items().getByRole("button", { name: "新增字典项", exact: true }).click();
    const dialog = form("新增字典项");
    await fillAndSave(dialog, { name: "中号二", value: "M" });
    assert.equal(await eventually(() => dialog.getByRole("alert").textContent(), (t) => t === VALUE_TAKEN), VALUE_TAKEN);
    await dialog.getByRole("button", { name: "取消", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    await row(items(), "中号").getByRole("button", { name: "编辑", exact: true }).click();
    const edit = form("编辑字典项");
    assert.deepEqual(
      await Promise.all(["name", "value", "sort", "status"].map((n) => edit.locator(`[name="${n}"]`).inputValue())),
      ["中号", "M", "2", "1"],
      "the form opens with the item's values",
    );
    await fillAndSave(edit, { name: "中码", status: "0" });
    await edit.waitFor({ state: "detached" });
    await expectToast("操作成功!");
    assert.deepEqual(await eventually(() => listed(items()), (l) => l.includes("中码/M")), ["小号/S", "中码/M", "大号/L"]);
    const cells = await row(items(), "中码").locator("td").allTextContents();
    assert.deepEqual(cells.slice(0, 5), ["中码", "M", "size", "2", "停用"], "the edited item with its status label");
  });

  it("refuses to delete 尺码 while it has items: the error toast, and it stays listed", async () => {
    await row(dicts(), "尺码").getByRole("button", { name: "删除", exact: true }).click();
    await question(frame, "删除字典“尺码”");
    await sayYes(frame, "删除");
    await expectToast(HAS_ITEMS, "error");
    assert.deepEqual(await listed(dicts()), ["币种/currency", "运输方式/ship_method", "尺码/size"]);
    assert.equal(await items().locator("h2").textContent(), "字典项：尺码（size）", "still selected");
    assert.deepEqual(await listed(items()), ["小号/S", "中码/M", "大号/L"], "its items are untouched");
  });

  it("deletes the three items, then the dictionary", async () => {
    for (const [name, left] of [["小号", 2], ["中码", 1], ["大号", 0]]) {
      await row(items(), name).getByRole("button", { name: "删除", exact: true }).click();
      await question(frame, `删除字典项“${name}”`);
      await sayYes(frame, "删除");
      await expectToast("操作成功!");
      assert.equal((await eventually(() => listed(items()), (l) => l.length === left)).length, left, `${left} items left`);
    }
    await items().getByText("暂无数据！").waitFor();

    await row(dicts(), "尺码").getByRole("button", { name: "删除", exact: true }).click();
    await sayYes(frame, "删除");
    await expectToast("操作成功!");
    assert.deepEqual(await eventually(() => listed(dicts()), (l) => l.length === 2), ["币种/currency", "运输方式/ship_method"]);
    assert.equal((await items().textContent()).includes("请在左侧选择一个字典"), true, "the deleted dictionary is no longer selected");
  });
});
