-- Self-service exports (ADR 062): a row per archive asked for, with the job's progress and the mailed link's hash; the archive and the job's state are in R2.
CREATE TABLE `export_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`guest_id` text,
	`state` text NOT NULL,
	`language` text NOT NULL,
	`origin` text NOT NULL,
	`phase` text NOT NULL,
	`files_total` integer DEFAULT 0 NOT NULL,
	`files_done` integer DEFAULT 0 NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`upload_id` text,
	`link_hash` text,
	`link_expires_at` integer,
	`link_used_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `export_runs_user_running_idx` ON `export_runs` (`user_id`) WHERE "export_runs"."state" = 'running' AND "export_runs"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `export_runs_guest_running_idx` ON `export_runs` (`guest_id`) WHERE "export_runs"."state" = 'running' AND "export_runs"."guest_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `export_runs_user_idx` ON `export_runs` (`user_id`);--> statement-breakpoint
CREATE INDEX `export_runs_guest_idx` ON `export_runs` (`guest_id`);--> statement-breakpoint
CREATE INDEX `export_runs_finished_idx` ON `export_runs` (`finished_at`);