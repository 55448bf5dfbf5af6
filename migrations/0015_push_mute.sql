CREATE TABLE `push_mutes` (
	`party_id` text NOT NULL,
	`member_id` text NOT NULL,
	`muted_at` integer NOT NULL,
	PRIMARY KEY(`party_id`, `member_id`),
	FOREIGN KEY (`party_id`) REFERENCES `parties`(`id`) ON UPDATE no action ON DELETE cascade
);
