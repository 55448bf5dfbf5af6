CREATE TABLE `push_service_statuses` (
	`service` text NOT NULL,
	`status` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`service`, `status`)
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`party_id` text NOT NULL,
	`member_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`language` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`party_id`,`member_id`,`endpoint`);--> statement-breakpoint
CREATE TABLE `push_windows` (
	`party_id` text NOT NULL,
	`member_id` text NOT NULL,
	`sent_at` integer NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	`pending_sender` text,
	`digest_due_at` integer,
	`last_message_id` text,
	PRIMARY KEY(`party_id`, `member_id`),
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade
);
