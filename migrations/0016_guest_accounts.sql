-- Guest accounts (ADR 034): a key per device, an e-mail address and a picture per guest, codes
-- mailed to sign in, and the counters of their send limits.
CREATE TABLE `guest_codes` (
	`challenge_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`address_hash` text NOT NULL,
	`email` text,
	`guest_id` text,
	`code_hash` text NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guest_codes_address_idx` ON `guest_codes` (`purpose`,`address_hash`);--> statement-breakpoint
CREATE INDEX `guest_codes_guest_idx` ON `guest_codes` (`guest_id`);--> statement-breakpoint
CREATE INDEX `guest_codes_expiry_idx` ON `guest_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `guest_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`guest_id` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_keys_secret_idx` ON `guest_keys` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `guest_keys_guest_idx` ON `guest_keys` (`guest_id`);--> statement-breakpoint
CREATE TABLE `rate_counters` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE INDEX `rate_counters_window_idx` ON `rate_counters` (`window_start`);--> statement-breakpoint
ALTER TABLE `guests` ADD `picture_key` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `picture_type` text;--> statement-breakpoint
CREATE UNIQUE INDEX `guests_email_idx` ON `guests` (`email`);--> statement-breakpoint
-- Every guest so far has one device: her key keeps the secret she has.
INSERT INTO `guest_keys` (`id`, `guest_id`, `secret_hash`, `created_at`) SELECT `id`, `id`, `secret_hash`, `created_at` FROM `guests`;--> statement-breakpoint
ALTER TABLE `guests` DROP COLUMN `secret_hash`;