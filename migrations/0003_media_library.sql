CREATE TABLE `media_folders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`trashed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `media_folders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_folders_user_idx` ON `media_folders` (`user_id`,`parent_id`);--> statement-breakpoint
CREATE INDEX `media_folders_trash_idx` ON `media_folders` (`trashed_at`);--> statement-breakpoint
CREATE TABLE `media_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`folder_id` text,
	`title` text NOT NULL,
	`media_type` text NOT NULL,
	`content_type` text NOT NULL,
	`extension` text,
	`size` integer NOT NULL,
	`state` text NOT NULL,
	`storage_key` text NOT NULL,
	`preview_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`trashed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`folder_id`) REFERENCES `media_folders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_items_user_idx` ON `media_items` (`user_id`,`folder_id`);--> statement-breakpoint
CREATE INDEX `media_items_trash_idx` ON `media_items` (`trashed_at`);