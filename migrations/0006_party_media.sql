CREATE TABLE `party_media` (
	`party_id` text NOT NULL,
	`media_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`party_id`, `media_id`),
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `party_media_media_idx` ON `party_media` (`media_id`);--> statement-breakpoint
CREATE TABLE `party_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text NOT NULL,
	`uploader_id` text NOT NULL,
	`message_type` text NOT NULL,
	`media_type` text NOT NULL,
	`content_type` text NOT NULL,
	`extension` text,
	`size` integer,
	`state` text NOT NULL,
	`storage_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `party_uploads_party_idx` ON `party_uploads` (`party_id`);--> statement-breakpoint
CREATE INDEX `party_uploads_created_idx` ON `party_uploads` (`created_at`);