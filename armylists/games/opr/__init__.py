"""What the two One Page Rules games share: their list rules (`rules`) and their home (`home`).

Not a game itself: each OPR game's package builds on this one.
"""
