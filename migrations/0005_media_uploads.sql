CREATE TABLE `media_upload_parts` (
	`media_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`media_id`, `part_number`),
	FOREIGN KEY (`media_id`) REFERENCES `media_uploads`(`media_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `media_uploads` (
	`media_id` text PRIMARY KEY NOT NULL,
	`multipart_id` text,
	`offset` integer NOT NULL,
	`parts` integer NOT NULL,
	`locked_until` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_uploads_updated_idx` ON `media_uploads` (`updated_at`);