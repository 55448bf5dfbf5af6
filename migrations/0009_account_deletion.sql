CREATE TABLE `account_deletion_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_deletion_tokens_user_idx` ON `account_deletion_tokens` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `account_deletion_tokens_expiry_idx` ON `account_deletion_tokens` (`expires_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `deletion_requested_at` integer;--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_deletion_idx` ON `users` (`deletion_requested_at`);