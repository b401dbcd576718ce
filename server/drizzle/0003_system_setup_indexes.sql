CREATE INDEX "login_attempts_uname_prefix_idx" ON "login_attempts" USING btree ("uname" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "login_attempts_result_at_idx" ON "login_attempts" USING btree ("result","at");--> statement-breakpoint
CREATE INDEX "login_attempts_success_at_idx" ON "login_attempts" USING btree ("success","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_uname_prefix_idx" ON "audit_log" USING btree (lower("uname") varchar_pattern_ops,"at");