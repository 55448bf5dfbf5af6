ALTER TABLE `parties` ADD `manager_seen_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `parties` ADD `manager_entered_at` integer;