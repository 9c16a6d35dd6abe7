-- sokoshot's store, version 3: a stamp per player's row, a new random number each time the
-- row's progress or Pasted pack is written (0 for rows written before, or made without
-- either). A server that knows the stamp of what it last read or wrote saves in one
-- statement that writes only if the stamp is still the same; otherwise it reads again and
-- merges under the player's lock.
ALTER TABLE players ADD COLUMN stamp BIGINT NOT NULL DEFAULT 0;
