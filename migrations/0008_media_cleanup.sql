CREATE TABLE `media_deletions` (
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `target`)
);
--> statement-breakpoint
ALTER TABLE `media_items` ADD `purged_at` integer;--> statement-breakpoint
CREATE INDEX `media_items_purged_idx` ON `media_items` (`purged_at`);