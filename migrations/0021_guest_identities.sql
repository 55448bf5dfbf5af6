-- Issue 41. A name-only guest identity taken into an account at a sign-in on its device (ADR 052).
ALTER TABLE `guests` ADD `account_id` text REFERENCES guests(id) ON DELETE cascade;--> statement-breakpoint
-- Partial: nearly every guest has none, and a full index's statistics would make SQLite scan guests.
CREATE INDEX `guests_account_idx` ON `guests` (`account_id`) WHERE "guests"."account_id" IS NOT NULL;--> statement-breakpoint
-- A member keeps at most five devices per party (LIMITS.pushDevicesPerMember): the newest stay.
DELETE FROM `push_subscriptions` WHERE `id` IN (
	SELECT `id` FROM (
		SELECT `id`, ROW_NUMBER() OVER (PARTITION BY `party_id`, `member_id` ORDER BY `created_at` DESC, `id` DESC) AS `newest`
		FROM `push_subscriptions`
	) WHERE `newest` > 5
);
