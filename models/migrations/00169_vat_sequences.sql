-- VAT发票's numbers belong to the seller's VAT registration, not to a store group: two store groups of one company
-- selling under the same VAT number in a marketplace issue from one sequence, so neither can leave a gap in the
-- other's numbers or issue a number the other issued. vat_invoice_sequences replaces vat_invoice_counters (per
-- group), starting where each VAT number's invoices reached; the unique key on the invoices follows.

-- +goose Up
CREATE TABLE vat_invoice_sequences (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    marketplace_id VARCHAR(20) NOT NULL,
    vat_number     VARCHAR(30) NOT NULL,
    last_no        BIGINT      NOT NULL,
    PRIMARY KEY (company_id, marketplace_id, vat_number)
);
INSERT INTO vat_invoice_sequences (company_id, marketplace_id, vat_number, last_no)
    SELECT company_id, marketplace_id, vat_number, MAX(seq) FROM vat_invoices GROUP BY company_id, marketplace_id, vat_number;
DROP INDEX vat_invoices_seq;
CREATE UNIQUE INDEX vat_invoices_seq ON vat_invoices (company_id, marketplace_id, vat_number, seq);
DROP TABLE vat_invoice_counters;

-- +goose Down
CREATE TABLE vat_invoice_counters (
    company_id     ${ID} NOT NULL REFERENCES companies (id),
    group_id       ${ID} NOT NULL,
    marketplace_id VARCHAR(20) NOT NULL,
    last_no        BIGINT      NOT NULL,
    PRIMARY KEY (company_id, group_id, marketplace_id)
);
INSERT INTO vat_invoice_counters (company_id, group_id, marketplace_id, last_no)
    SELECT company_id, group_id, marketplace_id, MAX(seq) FROM vat_invoices GROUP BY company_id, group_id, marketplace_id;
DROP INDEX vat_invoices_seq;
CREATE UNIQUE INDEX vat_invoices_seq ON vat_invoices (company_id, group_id, marketplace_id, seq);
DROP TABLE vat_invoice_sequences;
