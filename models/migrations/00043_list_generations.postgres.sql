-- A jump to a page far into a list (前往) reads its page after the nearest of the rows the list keeps, every
-- thousandth, for the generation of the data they were read at (models/list_jump.go): a list whose table holds a
-- million rows otherwise walks every row before the page. Triggers raise the company's generation of the list
-- (report_generations, 00040) in the transaction of every change to the list's table, whatever code writes it, so
-- kept rows are never used once a change is visible. Once per statement here, as imports write many rows at once;
-- SQLite has the same, once per row, in 00043_list_generations.sqlite.sql.
-- +goose Up
CREATE TRIGGER local_products_list_insert AFTER INSERT ON local_products
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('list_products');
CREATE TRIGGER local_products_list_update AFTER UPDATE ON local_products
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('list_products');
CREATE TRIGGER local_products_list_delete AFTER DELETE ON local_products
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('list_products');
CREATE TRIGGER dict_items_list_insert AFTER INSERT ON dict_items
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('list_dict_items');
CREATE TRIGGER dict_items_list_update AFTER UPDATE ON dict_items
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('list_dict_items');
CREATE TRIGGER dict_items_list_delete AFTER DELETE ON dict_items
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION raise_report_generation_of_rows('list_dict_items');

-- +goose Down
DROP TRIGGER dict_items_list_delete ON dict_items;
DROP TRIGGER dict_items_list_update ON dict_items;
DROP TRIGGER dict_items_list_insert ON dict_items;
DROP TRIGGER local_products_list_delete ON local_products;
DROP TRIGGER local_products_list_update ON local_products;
DROP TRIGGER local_products_list_insert ON local_products;
DELETE FROM report_generations WHERE kind IN ('list_products', 'list_dict_items');
