CREATE TABLE `party_shared_templates` (
	`party_id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `party_shared_templates_template_idx` ON `party_shared_templates` (`template_id`);--> statement-breakpoint
CREATE TABLE `session_parties` (
	`session_id` text NOT NULL,
	`party_id` text NOT NULL,
	PRIMARY KEY(`session_id`, `party_id`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_parties_party_idx` ON `session_parties` (`party_id`);