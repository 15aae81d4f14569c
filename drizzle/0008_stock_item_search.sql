CREATE INDEX "stock_item_name_trgm" ON "stock_item" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_item_sku_trgm" ON "stock_item" USING gin ("sku" gin_trgm_ops);