-- The top menu groups' icons take the names the older clients render (IconPark's), which the shell's icon set
-- bears too: 产品 Commodity, 销售 SalesReport, 采购 ShoppingBag, 仓库 Home, 物流 Ship, 广告 Ad, 财务 Finance,
-- 客服 HeadsetOne, 授权 Config, 系统 Workbench. Every menu entry with an old name, the seeded groups and any an
-- admin gave one, gets the new one: the old names are no longer in the set.

-- +goose Up
UPDATE menus SET icon = 'Commodity' WHERE icon = 'product';
UPDATE menus SET icon = 'SalesReport' WHERE icon = 'sales';
UPDATE menus SET icon = 'ShoppingBag' WHERE icon = 'purchase';
UPDATE menus SET icon = 'Home' WHERE icon = 'warehouse';
UPDATE menus SET icon = 'Ship' WHERE icon = 'logistics';
UPDATE menus SET icon = 'Ad' WHERE icon = 'advertising';
UPDATE menus SET icon = 'Finance' WHERE icon = 'finance';
UPDATE menus SET icon = 'HeadsetOne' WHERE icon = 'service';
UPDATE menus SET icon = 'Config' WHERE icon = 'authorization';
UPDATE menus SET icon = 'Workbench' WHERE icon = 'system';

-- +goose Down
UPDATE menus SET icon = 'product' WHERE icon = 'Commodity';
UPDATE menus SET icon = 'sales' WHERE icon = 'SalesReport';
UPDATE menus SET icon = 'purchase' WHERE icon = 'ShoppingBag';
UPDATE menus SET icon = 'warehouse' WHERE icon = 'Home';
UPDATE menus SET icon = 'logistics' WHERE icon = 'Ship';
UPDATE menus SET icon = 'advertising' WHERE icon = 'Ad';
UPDATE menus SET icon = 'finance' WHERE icon = 'Finance';
UPDATE menus SET icon = 'service' WHERE icon = 'HeadsetOne';
UPDATE menus SET icon = 'authorization' WHERE icon = 'Config';
UPDATE menus SET icon = 'system' WHERE icon = 'Workbench';
