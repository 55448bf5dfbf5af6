CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`selected_profile_id` text,
	`company_mode` integer DEFAULT false NOT NULL,
	`release_notes_seen` text,
	`banner_dismissed` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`selected_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `profiles` ADD `short_id` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `picture_key` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `picture_type` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_short_idx` ON `profiles` (`short_id`);--> statement-breakpoint
-- Profiles that existed before get their public page key now (new ones get it when created).
UPDATE `profiles` SET `short_id` = lower(hex(randomblob(9))) WHERE `short_id` IS NULL;
