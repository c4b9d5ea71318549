-- Each event of a shipment's timeline keeps Amazon's status it left as well as the local one, so that the history
-- names a state in the same words as the list and the header (已发货, 在途, ..., 已完成). Earlier events read as
-- the local state they left (a shipped one as 已发货).

-- +goose Up
ALTER TABLE shipment_events ADD COLUMN amazon_status VARCHAR(20) NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE shipment_events DROP COLUMN amazon_status;
