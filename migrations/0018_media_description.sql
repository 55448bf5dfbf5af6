-- A library item's description (ADR 039): optional text beside its title, the caption rule's limits.
ALTER TABLE `media_items` ADD `description` text;
