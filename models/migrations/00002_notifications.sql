-- Notifications (announcements, reminders, private messages) and their per-user delivery and read state.
-- ${ID} and ${TIME} are replaced per database by migrations.go, so one file serves both.

-- +goose Up
-- recipient_id is NULL for what goes to the whole company (announcements): those are delivered lazily, a target
-- per user when the user pulls. A notification addressed to one user gets its target when it is created.
CREATE TABLE notifications (
    id           ${ID} PRIMARY KEY,
    company_id   ${ID} NOT NULL REFERENCES companies (id),
    title        VARCHAR(200) NOT NULL,
    content      TEXT         NOT NULL,
    ftype        SMALLINT     NOT NULL,
    action       VARCHAR(16)  NOT NULL DEFAULT '',
    sender_id    ${ID} NOT NULL,
    recipient_id ${ID} NULL,
    withdrawn    BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at   ${TIME} NOT NULL
);
-- The pull's range scan: the company's notifications for everyone (recipient_id IS NULL, which both databases
-- look up in a B-tree) created since the user joined.
CREATE INDEX notifications_company_recipient ON notifications (company_id, recipient_id, created_at);

CREATE TABLE notification_targets (
    id              ${ID} PRIMARY KEY,
    notification_id ${ID} NOT NULL REFERENCES notifications (id),
    user_id         ${ID} NOT NULL REFERENCES users (id),
    company_id      ${ID} NOT NULL REFERENCES companies (id),
    -- ftype is the notification's, copied so that counts and lists per ftype read this table alone.
    ftype           SMALLINT NOT NULL,
    is_read         BOOLEAN  NOT NULL DEFAULT FALSE,
    read_at         ${TIME} NULL,
    created_at      ${TIME} NOT NULL
);
-- One delivery per user: concurrent pulls insert the same rows and all but one are ignored.
CREATE UNIQUE INDEX notification_targets_once ON notification_targets (notification_id, user_id);
-- Unread counts per ftype and mark-all-read: an index-only range of the user's unread rows.
CREATE INDEX notification_targets_unread ON notification_targets (company_id, user_id, is_read, ftype);
-- A user's list of one ftype, newest first: ids grow with time, so the index order is the list order.
CREATE INDEX notification_targets_list ON notification_targets (company_id, user_id, ftype, notification_id);

-- +goose Down
DROP TABLE notification_targets;
DROP TABLE notifications;
