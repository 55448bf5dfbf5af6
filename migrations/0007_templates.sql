CREATE TABLE `template_folders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` text,
	`title` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`trashed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `template_folders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `template_folders_user_idx` ON `template_folders` (`user_id`,`parent_id`);--> statement-breakpoint
CREATE INDEX `template_folders_trash_idx` ON `template_folders` (`trashed_at`);--> statement-breakpoint
CREATE TABLE `template_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`rank` text NOT NULL,
	`message_type` text NOT NULL,
	`message` text NOT NULL,
	`media_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `template_messages_rank_idx` ON `template_messages` (`template_id`,`rank`);--> statement-breakpoint
CREATE INDEX `template_messages_media_idx` ON `template_messages` (`media_id`);--> statement-breakpoint
CREATE TABLE `template_recipients` (
	`template_id` text NOT NULL,
	`user_id` text NOT NULL,
	`folder_id` text,
	`added_at` integer NOT NULL,
	`trashed_at` integer,
	PRIMARY KEY(`template_id`, `user_id`),
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`folder_id`) REFERENCES `template_folders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `template_recipients_user_idx` ON `template_recipients` (`user_id`);--> statement-breakpoint
CREATE TABLE `templates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`folder_id` text,
	`title` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_applied_at` integer,
	`trashed_at` integer,
	`share_token` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`folder_id`) REFERENCES `template_folders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `templates_user_idx` ON `templates` (`user_id`,`folder_id`);--> statement-breakpoint
CREATE INDEX `templates_trash_idx` ON `templates` (`trashed_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `templates_share_idx` ON `templates` (`share_token`);