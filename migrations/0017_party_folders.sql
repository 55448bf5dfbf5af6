-- Party folders (ADR 037): the dashboard's folders, of the media library's folder shape, and the
-- folder a party lies in (null: the top level; a deleted folder leaves its parties there).
CREATE TABLE `party_folders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`trashed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `party_folders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `party_folders_user_idx` ON `party_folders` (`user_id`,`parent_id`);--> statement-breakpoint
ALTER TABLE `parties` ADD `folder_id` text REFERENCES party_folders(id) ON DELETE set null;