-- Where each party's room lives (ADR 050): the jurisdiction its Durable Object was made in and the
-- location hint it was made with. Existing parties keep null: their objects were made without either.
ALTER TABLE `parties` ADD `room_jurisdiction` text;--> statement-breakpoint
ALTER TABLE `parties` ADD `room_location` text;