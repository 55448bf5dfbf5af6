-- Reports of a party's manager for the operator's page (ADR 064); the room keeps every report, the reporter is not recorded here.
CREATE TABLE `operator_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text NOT NULL,
	`manager_name` text NOT NULL,
	`excerpt` text,
	`reason` text NOT NULL,
	`note` text,
	`at` integer NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `operator_reports_open_idx` ON `operator_reports` (`resolved_at`,`at`);