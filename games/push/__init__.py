"""Push: open game pages told of a move, a chat message or a question the moment it is committed
(docs/architecture.md, "Following a game live: push"). publish.py sends "game N moved" through the
channel layer on commit; consumer.py holds a page's connection and tells it what its reader may read
(news.py); watch.py is the push server's own check under the layer; play.py plays a command sent over it."""
