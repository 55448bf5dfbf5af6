ALTER TABLE `media_items` ADD `stream_uid` text;--> statement-breakpoint
ALTER TABLE `media_items` ADD `hls_url` text;--> statement-breakpoint
ALTER TABLE `media_items` ADD `poster_url` text;--> statement-breakpoint
ALTER TABLE `media_items` ADD `is_portrait` integer;--> statement-breakpoint
ALTER TABLE `media_items` ADD `no_audio` integer;