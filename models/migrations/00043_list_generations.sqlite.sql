-- A jump to a page far into a list (前往) reads its page after the nearest of the rows the list keeps, every
-- thousandth, for the generation of the data they were read at (models/list_jump.go): a list whose table holds a
-- million rows otherwise walks every row before the page. Triggers raise the company's generation of the list
-- (report_generations, 00040) in the transaction of every change to the list's table, whatever code writes it, so
-- kept rows are never used once a change is visible. PostgreSQL has the same in 00043_list_generations.postgres.sql
-- (once per statement there).
-- +goose Up
-- +goose StatementBegin
CREATE TRIGGER local_products_list_insert AFTER INSERT ON local_products BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'list_products', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER local_products_list_update AFTER UPDATE ON local_products BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'list_products', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER local_products_list_delete AFTER DELETE ON local_products BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'list_products', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER dict_items_list_insert AFTER INSERT ON dict_items BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'list_dict_items', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER dict_items_list_update AFTER UPDATE ON dict_items BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (new.company_id, 'list_dict_items', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER dict_items_list_delete AFTER DELETE ON dict_items BEGIN
    INSERT INTO report_generations (company_id, kind, generation) VALUES (old.company_id, 'list_dict_items', 1)
        ON CONFLICT (company_id, kind) DO UPDATE SET generation = generation + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER dict_items_list_delete;
DROP TRIGGER dict_items_list_update;
DROP TRIGGER dict_items_list_insert;
DROP TRIGGER local_products_list_delete;
DROP TRIGGER local_products_list_update;
DROP TRIGGER local_products_list_insert;
DELETE FROM report_generations WHERE kind IN ('list_products', 'list_dict_items');
