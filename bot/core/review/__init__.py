"""Post-game reviews: each decision of a player judged by the strong search, from that player's view then.

Discord-free.  :mod:`.judge` says what a decision's result is worth and how a
loss is labelled; :mod:`.score` estimates every choice of one decision from a
view (what runs in the AI workers), with the next player's reply searched
where the worlds allow (:mod:`.replies`); :mod:`.decisions` cuts a finished game into
the asking player's decisions and puts the scores together into a review;
:mod:`.runner` queues reviews, runs them in the AI pool a bounded number at a
time and stores them; :mod:`.chart` draws the player's chance over the game.
"""
