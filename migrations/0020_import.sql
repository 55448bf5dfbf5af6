-- Import from an older account (ADR 042): a run per consultant and older account, with its token, and what it copied.
CREATE TABLE `import_items` (
	`import_id` text NOT NULL,
	`kind` text NOT NULL,
	`source_id` text NOT NULL,
	`target_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`import_id`, `kind`, `source_id`),
	FOREIGN KEY (`import_id`) REFERENCES `import_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `import_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source_email` text NOT NULL,
	`access_token` text NOT NULL,
	`token_expires_at` integer NOT NULL,
	`folder_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`folder_id`) REFERENCES `media_folders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_runs_source_idx` ON `import_runs` (`user_id`,`source_email`);